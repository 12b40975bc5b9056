/**
 * The public shapes of `@actual-app/api` and their mapping to stored rows. Scripts see
 * booleans and `group_id`; the budget file stores 0/1 and `cat_group`.
 */

import type { RemoteFile } from '../files/file-list.ts';

type RawRow = Record<string, unknown>;

export interface ApiAccount {
  id: string;
  name: string;
  offbudget: boolean;
  closed: boolean;
}

export interface ApiCategory {
  id: string;
  name: string;
  is_income: boolean;
  hidden: boolean;
  group_id: string;
}

export interface ApiCategoryGroup {
  id: string;
  name: string;
  is_income: boolean;
  hidden: boolean;
  categories: ApiCategory[];
}

export interface ApiPayee {
  id: string;
  name: string;
  transfer_acct: string | null;
}

const flag = (value: unknown): boolean => value === true || value === 1 || value === 1n;
const text = (value: unknown): string =>
  value === null || value === undefined ? '' : String(value);

export const accountModel = {
  toExternal(row: RawRow): ApiAccount {
    return {
      id: text(row.id),
      name: text(row.name),
      offbudget: flag(row.offbudget),
      closed: flag(row.closed),
    };
  },
  /** Booleans become the stored 0/1; other fields pass as given. */
  fromExternal(fields: RawRow): RawRow {
    const out: RawRow = { ...fields };
    if ('offbudget' in fields) out.offbudget = flag(fields.offbudget) ? 1 : 0;
    if ('closed' in fields) out.closed = flag(fields.closed) ? 1 : 0;
    return out;
  },
};

export const categoryModel = {
  toExternal(row: RawRow): ApiCategory {
    return {
      id: text(row.id),
      name: text(row.name),
      is_income: flag(row.is_income),
      hidden: flag(row.hidden),
      group_id: text(row.cat_group),
    };
  },
  fromExternal(fields: RawRow): RawRow {
    const { group_id, ...rest } = fields;
    return 'group_id' in fields ? { ...rest, cat_group: group_id } : rest;
  },
};

export const categoryGroupModel = {
  toExternal(row: RawRow): ApiCategoryGroup {
    const categories = Array.isArray(row.categories) ? (row.categories as RawRow[]) : [];
    return {
      id: text(row.id),
      name: text(row.name),
      is_income: flag(row.is_income),
      hidden: flag(row.hidden),
      categories: categories.map(categoryModel.toExternal),
    };
  },
  fromExternal(fields: RawRow): RawRow {
    const out: RawRow = { ...fields };
    if (Array.isArray(fields.categories)) {
      out.categories = (fields.categories as RawRow[]).map(categoryModel.fromExternal);
    }
    return out;
  },
};

export const payeeModel = {
  toExternal(row: RawRow): ApiPayee {
    return {
      id: text(row.id),
      name: text(row.name),
      transfer_acct: row.transfer_acct == null ? null : text(row.transfer_acct),
    };
  },
};

/**
 * A budget as `getBudgets` lists it: a folder on this device (`id`), or a file on the server
 * (`state: 'remote'`). A signed-in script sees its synced budgets twice, once each way, as
 * with Actual's api.
 */
export interface ApiFileEntity {
  id?: string;
  cloudFileId?: string;
  groupId?: string | null;
  name: string;
  encryptKeyId?: string | null;
  hasKey?: boolean;
  state?: 'remote';
}

export const budgetFileModel = {
  /** Cloud fields only when set, so a local-only budget is just its id and name. */
  toExternal(prefs: {
    id: string;
    budgetName: string;
    cloudFileId?: string;
    groupId?: string;
    encryptKeyId?: string | null;
  }): ApiFileEntity {
    return {
      id: prefs.id,
      ...(prefs.cloudFileId ? { cloudFileId: prefs.cloudFileId } : {}),
      ...(prefs.encryptKeyId ? { encryptKeyId: prefs.encryptKeyId } : {}),
      ...(prefs.groupId ? { groupId: prefs.groupId } : {}),
      name: prefs.budgetName || '(no name)',
    };
  },
};

export const remoteFileModel = {
  /** A file deleted on the server is not listed (null). */
  toExternal(file: RemoteFile): ApiFileEntity | null {
    if (file.deleted) return null;
    return {
      cloudFileId: file.fileId,
      state: 'remote',
      groupId: file.groupId,
      name: file.name,
      encryptKeyId: file.encryptKeyId,
      hasKey: file.hasKey,
    };
  },
};
