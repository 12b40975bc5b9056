import { MAX_AMOUNT } from '../budget/amounts.ts';
import { type Validator, v } from '../handlers-core/validate.ts';
import { type TransactionInput, isDate } from './model.ts';

const describe = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

const make = <T>(check: (value: unknown, path: string) => string | null): Validator<T> => ({
  check,
});

/** A calendar date 'YYYY-MM-DD'. */
export const dateString = (): Validator<string> =>
  make((x, p) =>
    isDate(x) ? null : `${p || 'args'} should be a date YYYY-MM-DD, got ${JSON.stringify(x)}`,
  );

/** Integer cents within ±(2^51 − 1). */
export const amount = (): Validator<number> =>
  make((x, p) =>
    typeof x === 'number' && Number.isInteger(x) && Math.abs(x) <= MAX_AMOUNT
      ? null
      : `${p || 'args'} should be an integer amount of cents, got ${describe(x)} ${JSON.stringify(x)}`,
  );

/** A boolean, or 0/1 as stored rows and older scripts send it. */
export const flag = (): Validator<boolean | 0 | 1> =>
  make((x, p) =>
    typeof x === 'boolean' || x === 0 || x === 1
      ? null
      : `${p || 'args'} should be a boolean, got ${describe(x)}`,
  );

const optNullable = <T>(inner: Validator<T>) => v.optional(v.nullable(inner));

const FIELD_VALIDATORS: Record<string, Validator<unknown>> = {
  id: v.optional(v.string()),
  account: optNullable(v.string()),
  date: optNullable(dateString()),
  amount: optNullable(amount()),
  payee: optNullable(v.string()),
  category: optNullable(v.string()),
  notes: optNullable(v.string()),
  imported_id: optNullable(v.string()),
  imported_payee: optNullable(v.string()),
  error: v.optional(v.unknown()),
  is_parent: optNullable(flag()),
  is_child: optNullable(flag()),
  parent_id: optNullable(v.string()),
  transfer_id: optNullable(v.string()),
  starting_balance_flag: optNullable(flag()),
  sort_order: optNullable(v.number()),
  cleared: optNullable(flag()),
  reconciled: optNullable(flag()),
  schedule: optNullable(v.string()),
  tombstone: optNullable(flag()),
};

/** A transaction (public fields, any subset). Unknown extra fields are ignored. */
export const transactionInput = (): Validator<TransactionInput> =>
  make((x, p) => {
    if (typeof x !== 'object' || x === null || Array.isArray(x)) {
      return `${p || 'args'} should be an object, got ${describe(x)}`;
    }
    for (const [key, check] of Object.entries(FIELD_VALIDATORS)) {
      const problem = check.check((x as Record<string, unknown>)[key], p ? `${p}.${key}` : key);
      if (problem) return problem;
    }
    return null;
  });

/** A transaction that names itself: updates and deletes. */
export const transactionWithId = (): Validator<TransactionInput & { id: string }> =>
  make((x, p) => {
    const problem = transactionInput().check(x, p);
    if (problem) return problem;
    return v.string().check((x as { id?: unknown }).id, p ? `${p}.id` : 'id');
  });

export const batchArgs = () =>
  v.object({
    added: v.optional(v.array(transactionInput())),
    updated: v.optional(v.array(transactionWithId())),
    deleted: v.optional(v.array(v.object({ id: v.string() }))),
    learnCategories: v.optional(v.boolean()),
    /** Payees to create in the same write (the register's 'Create Payee'), named by new ids. */
    newPayees: v.optional(v.array(v.object({ id: v.string(), name: v.string() }))),
  });
