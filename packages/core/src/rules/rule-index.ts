import { compileRule } from './compile.ts';
import {
  type RuleGate,
  gateAdmits,
  gateOf,
  newDayMemo,
  ruleMatches,
  writeActions,
} from './evaluate.ts';
import { compareRules } from './rank.ts';
import { ruleFromRow, type RuleRow } from './storage.ts';
import type { CompiledRule, EvalContext, IdResolver, Rule, RuleValidationErrors } from './types.ts';

type IndexedField = 'imported_payee' | 'payee';

const firstCharKey = (value: string) => value[0]!.toLowerCase();
const payeeKey = (value: string) => value.toLowerCase();

function keyOf(field: IndexedField, value: unknown): string | null {
  if (typeof value !== 'string' || value === '') return null;
  return field === 'imported_payee' ? firstCharKey(value) : payeeKey(value);
}

/**
 * The index keys a rule is filed under for one field, or null when every transaction must see
 * it (Actual's `*` bucket). Only `is`/`oneOf` on the field narrow a rule down. An `or` rule can
 * match without the field and a negated condition matches every other value, so both stay
 * visible to all (Actual files negated forms under their value, which hides such a rule from
 * exactly the transactions it matches).
 */
function keysFor(rule: CompiledRule, field: IndexedField): ReadonlySet<string> | null {
  if (rule.conditionsOp === 'or' && rule.conditions.length > 1) return null;
  const cond = rule.conditions.find((c) => c.field === field);
  if (!cond) return null;
  const v = cond.value;
  let values: readonly (string | null)[];
  if (cond.op === 'is') values = [v.kind === 'text' ? v.text : v.kind === 'id' ? v.id : null];
  else if (cond.op === 'oneOf')
    values = v.kind === 'texts' ? v.texts : v.kind === 'ids' ? v.ids : [];
  else return null;
  const keys = new Set<string>();
  for (const value of values) {
    const key = keyOf(field, value);
    if (key === null) return null;
    keys.add(key);
  }
  return keys;
}

interface Entry {
  rule: CompiledRule;
  firstChars: ReadonlySet<string> | null;
  payees: ReadonlySet<string> | null;
  /** Checked before the rule is evaluated in full (see `RuleGate`). */
  gate: RuleGate | null;
}

/** The index keys of a transaction as given. */
function keysOf(transaction: object) {
  const t = transaction as Record<string, unknown>;
  return { firstChar: keyOf('imported_payee', t.imported_payee), payee: keyOf('payee', t.payee) };
}

/** Whether either index admits the rule for these keys. */
const admits = (e: Entry, firstChar: string | null, payee: string | null): boolean =>
  e.firstChars === null ||
  e.payees === null ||
  (firstChar !== null && e.firstChars.has(firstChar)) ||
  (payee !== null && e.payees.has(payee));

export interface RuleIndexOptions {
  /** Maps merged payee/category ids to their targets (payee_mapping, category_mapping). */
  resolveId?: IdResolver;
}

/**
 * The in-memory rules of one open budget: every valid rule, compiled once, with two indexes
 * (the first character of imported_payee and the payee id) that pick the candidate rules for
 * a transaction. The budget object owns one; handlers update it as the `rules` table changes.
 */
export class RuleIndex {
  private readonly entries = new Map<string, Entry>();
  private ranked: Entry[] | null = [];
  /**
   * The candidates per index keys (imported_payee's first character, then payee), worked out
   * once per pair: an import asks for the same few hundred pairs tens of thousands of times.
   * Dropped whenever the rules change.
   */
  private byKeys = new Map<string | null, Map<string | null, Entry[]>>();
  private resolveId: IdResolver | undefined;

  constructor(options: RuleIndexOptions = {}) {
    this.resolveId = options.resolveId;
  }

  get size(): number {
    return this.entries.size;
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  get(id: string): CompiledRule | undefined {
    return this.entries.get(id)?.rule;
  }

  /**
   * Adds a rule or replaces the one with the same id. A rule that does not validate is left
   * out (any previous version is removed) and its errors are returned.
   */
  set(rule: Rule): RuleValidationErrors | null {
    this.delete(rule.id);
    const compiled = compileRule(rule, this.resolveId);
    if (!compiled.ok) return compiled.errors;
    const r = compiled.rule;
    this.entries.set(rule.id, {
      rule: r,
      firstChars: keysFor(r, 'imported_payee'),
      payees: keysFor(r, 'payee'),
      gate: gateOf(r),
    });
    this.changed();
    return null;
  }

  delete(id: string): boolean {
    if (!this.entries.delete(id)) return false;
    this.changed();
    return true;
  }

  /**
   * Applies one row of the `rules` table as read or synced: a deleted row removes the rule,
   * anything else adds or replaces it. Returns false when the row was skipped because it
   * cannot be read or does not validate (any older version is removed then too).
   */
  applyRow(row: RuleRow): boolean {
    if (row.tombstone === 1) {
      this.delete(row.id);
      return true;
    }
    const rule = ruleFromRow(row);
    if (rule === null) {
      this.delete(row.id);
      return false;
    }
    return this.set(rule) === null;
  }

  /** Loads rows (e.g. every row of the `rules` table); returns the ids that were skipped. */
  loadRows(rows: Iterable<RuleRow>): string[] {
    const skipped: string[] = [];
    for (const row of rows) if (!this.applyRow(row)) skipped.push(row.id);
    return skipped;
  }

  /** Re-applies id mappings (after a merge, an undo or a synced mapping change). */
  setResolver(resolveId: IdResolver | undefined): void {
    this.resolveId = resolveId;
    const sources = [...this.entries.values()].map((e) => e.rule.source);
    for (const source of sources) this.set(source);
  }

  private changed(): void {
    this.ranked = null;
    this.byKeys = new Map();
  }

  private rankedEntries(): Entry[] {
    if (this.ranked === null) {
      this.ranked = [...this.entries.values()].sort((a, b) => compareRules(a.rule, b.rule));
    }
    return this.ranked;
  }

  /** Every rule in run order (what `rules-get` lists). */
  all(): CompiledRule[] {
    return this.rankedEntries().map((e) => e.rule);
  }

  /**
   * The rules that may match the transaction, in run order: those whose imported_payee keys
   * or whose payee keys admit it (a rule not narrowed by a field is admitted by that field).
   */
  candidates(transaction: object): CompiledRule[] {
    const { firstChar, payee } = keysOf(transaction);
    return this.candidatesFor(firstChar, payee).map((e) => e.rule);
  }

  private candidatesFor(firstChar: string | null, payee: string | null): readonly Entry[] {
    let byPayee = this.byKeys.get(firstChar);
    if (!byPayee) this.byKeys.set(firstChar, (byPayee = new Map()));
    let rules = byPayee.get(payee);
    if (!rules) {
      rules = [];
      for (const e of this.rankedEntries()) if (admits(e, firstChar, payee)) rules.push(e);
      byPayee.set(payee, rules);
    }
    return rules;
  }

  /**
   * Runs the rules on a transaction (`rules-run`, imports, added transactions): the candidates
   * are chosen from the transaction as given, then applied in order, each seeing the output
   * of the one before. A candidate whose gate refuses the working copy as it is then is
   * skipped without its full evaluation: it could not match. The input is never changed: the
   * first matching rule works on a copy, and a transaction no rule matches comes back as it
   * was given (most of an import's rows: a copy each was 15 MB of a 50,000-row import).
   */
  run<T extends object>(transaction: T, ctx?: EvalContext): T {
    let out: T = transaction;
    const memo = newDayMemo();
    const { firstChar, payee } = keysOf(transaction);
    for (const e of this.candidatesFor(firstChar, payee)) {
      if (e.gate !== null && !gateAdmits(e.gate, out, memo)) continue;
      if (!ruleMatches(e.rule, out, ctx, memo)) continue;
      if (out === transaction) out = { ...transaction };
      writeActions(e.rule.actions, out as Record<string, unknown>);
    }
    return out;
  }
}
