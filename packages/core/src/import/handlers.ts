import { handlerError } from '../handlers-core/errors.ts';
import { defineModule, handler } from '../handlers-core/registry.ts';
import { type Validator, v } from '../handlers-core/validate.ts';
import type { ImportTransaction } from './normalize.ts';
import { type ParseOptions, parseImportFile } from './parse.ts';
import { PreviewMemoSlot } from './preview-memo.ts';
import { previewImport } from './preview.ts';
import { importTransactions } from './reconcile.ts';

/** File bytes handed over directly (a browser has no path to read). */
const bytes = (): Validator<Uint8Array | ArrayBuffer> => ({
  check: (value, path) =>
    value instanceof Uint8Array || value instanceof ArrayBuffer
      ? null
      : `${path || 'args'} should be the file's bytes`,
});

const parseOptions = () =>
  v.optional(
    v.nullable(
      v.object({
        delimiter: v.optional(v.nullable(v.string())),
        hasHeaderRow: v.optional(v.nullable(v.boolean())),
        encoding: v.optional(v.nullable(v.string())),
        skipLines: v.optional(v.nullable(v.integer())),
        qifDateFormat: v.optional(v.nullable(v.string())),
        decimalSeparator: v.optional(v.nullable(v.literal('.', ','))),
      }),
    ),
  );

function cleanOptions(options: Record<string, unknown> | null | undefined): ParseOptions {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(options ?? {})) if (value != null) out[key] = value;
  return out as ParseOptions;
}

/** File import: parse a file for the import modal, then import the mapped transactions. */
export const importModule = defineModule('import', {
  /** {filepath, options, contents?} → {errors, transactions} (plus format and CSV fields). */
  'transactions-parse-file': handler({
    args: v.object({
      filepath: v.string(),
      options: parseOptions(),
      contents: v.optional(bytes()),
    }),
    async run({ filepath, options, contents }, ctx) {
      const data =
        contents instanceof ArrayBuffer ? new Uint8Array(contents) : (contents ?? undefined);
      return parseImportFile(ctx.platform.fs, filepath, cleanOptions(options), data);
    },
  }),

  /**
   * {accountId, transactions} → {errors, transactions}: what `transactions-import` would do
   * with each one (add it, or the existing transaction it matched and why), writing nothing.
   */
  'transactions-import-preview': handler({
    args: v.object({ accountId: v.string(), transactions: v.array(v.unknown()) }),
    needsBudget: true,
    run({ accountId, transactions }, ctx) {
      return previewImport(ctx.requireBudget(), accountId, transactions as ImportTransaction[]);
    },
  }),

  /**
   * {accountId, transactions, previewToken?} → {errors, added, updated, matched}; one
   * transaction, one undo step. With the token of a preview of the same rows, made while the
   * budget has not changed since, what that preview worked out is written as it is.
   */
  'transactions-import': handler({
    args: v.object({
      accountId: v.string(),
      transactions: v.array(v.unknown()),
      previewToken: v.optional(v.nullable(v.string())),
    }),
    undoable: true,
    needsBudget: true,
    run({ accountId, transactions, previewToken }, ctx) {
      if (!accountId)
        return handlerError('APIError', 'transactions-import: accountId must be an id');
      const budget = ctx.requireBudget();
      const rows = transactions as ImportTransaction[];
      const prepared = previewToken
        ? budget.get(PreviewMemoSlot).take(previewToken, accountId, rows)
        : null;
      return importTransactions(budget, accountId, rows, {
        emit: ctx.emit,
        prepared: prepared ?? undefined,
      });
    },
  }),
});
