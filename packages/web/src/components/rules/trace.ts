/**
 * What `rules-trace` answers (core: rules/trace.ts), and where each field's value comes from.
 * Pure, for the test.
 */
import type { EditorRule } from './rule-editor.ts';

export interface TraceStep {
  rule: EditorRule & { id: string };
  conditions: boolean[];
  changes: Array<{ field: string; from: unknown; to: unknown }>;
}

export interface Trace {
  transaction: Record<string, unknown> & {
    id: string;
    date: string;
    amount: number;
    payee: string | null;
    category: string | null;
    imported_payee: string | null;
  };
  ran: TraceStep[];
  nearMisses: TraceStep[];
  result: Record<string, unknown>;
}

export interface FieldSource {
  field: string;
  /** The number (1-based) of the last rule to set the field: its value is the one that stays. */
  step: number;
  ruleValue: unknown;
  now: unknown;
  /** Whether the transaction still has the value the rules gave it. */
  kept: boolean;
}

/** Each field the rules set, in the order first set: which rule's value stayed, and if it still does. */
export function fieldSummary(trace: Trace): FieldSource[] {
  const last = new Map<string, { step: number; value: unknown }>();
  trace.ran.forEach((s, i) => {
    for (const c of s.changes) last.set(c.field, { step: i + 1, value: c.to });
  });
  return [...last].map(([field, { step, value }]) => {
    const now = trace.transaction[field] ?? null;
    return { field, step, ruleValue: value, now, kept: (value ?? null) === now };
  });
}
