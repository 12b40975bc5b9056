import type { RecurConfig } from '../../recurrence/types.ts';

/**
 * What a budget importer produces: the foreign budget translated into Coffer's terms, with the
 * source's own ids as keys. The writer turns the keys into fresh ids in one pass, so both sides
 * of a transfer can point at each other before either exists.
 *
 * Amounts are integer cents, dates 'YYYY-MM-DD', months 'YYYY-MM'.
 */
export interface ImportPlan {
  accounts: PlanAccount[];
  payees: PlanPayee[];
  groups: PlanGroup[];
  categories: PlanCategory[];
  transactions: PlanTransaction[];
  budgets: PlanBudget[];
  schedules: PlanSchedule[];
}

/** The category key that means the new budget's own "Income" category. */
export const INCOME_CATEGORY = '\u0000income';

export interface PlanAccount {
  key: string;
  name: string;
  offBudget: boolean;
  closed: boolean;
  note?: string | null;
}

export interface PlanPayee {
  key: string;
  name: string;
  /** Set for a transfer payee: it becomes that account's own transfer payee. */
  transferAccount?: string | null;
}

export interface PlanGroup {
  key: string;
  name: string;
  hidden: boolean;
  note?: string | null;
}

export interface PlanCategory {
  key: string;
  group: string;
  name: string;
  hidden: boolean;
  note?: string | null;
}

export interface PlanLine {
  key: string;
  amount: number;
  payee?: string | null;
  category?: string | null;
  notes?: string | null;
  /** The account on the other side of a transfer (its transfer payee becomes the payee). */
  transferAccount?: string | null;
  /** The transaction (or split line) on the other side, when the source links it. */
  transferTransaction?: string | null;
}

export interface PlanTransaction extends PlanLine {
  account: string;
  date: string;
  cleared: boolean;
  importedPayee?: string | null;
  subtransactions?: PlanLine[];
}

export interface PlanBudget {
  month: string;
  category: string;
  amount: number;
  /** Absent: leave the flag as it is (off). */
  carryover?: boolean;
}

/**
 * A scheduled (repeating or one-off future) transaction: it becomes a schedule whose rule
 * matches the payee, account and amount, on `date`.
 */
export interface PlanSchedule {
  key: string;
  account: string;
  amount: number;
  payee?: string | null;
  /** A transfer: the payee is that account's transfer payee. */
  transferAccount?: string | null;
  /** One day ('YYYY-MM-DD') or a recurrence, in the shape a schedule's date condition holds. */
  date: string | RecurConfig;
  name?: string | null;
}

export function emptyPlan(): ImportPlan {
  return {
    accounts: [],
    payees: [],
    groups: [],
    categories: [],
    transactions: [],
    budgets: [],
    schedules: [],
  };
}
