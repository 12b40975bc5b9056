import { compileRule } from './compile.ts';
import { applyRule } from './evaluate.ts';
import { compareRules } from './rank.ts';
import type { CompiledRule, EvalContext, IdResolver, Rule, RuleValidationErrors } from './types.ts';

const ANY = '*';

/**
 * One bucket map over a transaction field. A rule constrained by `is`/`oneOf` on the field is
 * filed under the key of each value; every other rule goes to the `*` bucket, which every
 * transaction sees.
 */
class FieldIndex {
  private readonly buckets = new Map<string, Set<CompiledRule>>();

  constructor(
    private readonly field: 'imported_payee' | 'payee',
    private readonly keyOf: (value: string) => string,
  ) {}

  private key(value: unknown): string | null {
    return typeof value === 'string' && value !== '' ? this.keyOf(value) : null;
  }

  private keysOf(rule: CompiledRule): string[] {
    // An `or` rule can match without this field, and a negated condition matches every other
    // value; both must be seen by every transaction. (Actual files the negated forms under
    // their value, which hides such a rule from exactly the transactions it matches.)
    if (rule.conditionsOp === 'or' && rule.conditions.length > 1) return [ANY];
    const cond = rule.conditions.find((c) => c.field === this.field);
    if (!cond) return [ANY];
    const v = cond.value;
    if (cond.op === 'is') {
      const value = v.kind === 'text' ? v.text : v.kind === 'id' ? v.id : null;
      return [this.key(value) ?? ANY];
    }
    if (cond.op === 'oneOf') {
      const values = v.kind === 'texts' ? v.texts : v.kind === 'ids' ? v.ids : [];
      return values.map((value) => this.key(value) ?? ANY);
    }
    return [ANY];
  }

  add(rule: CompiledRule): void {
    for (const key of this.keysOf(rule)) {
      let bucket = this.buckets.get(key);
      if (!bucket) this.buckets.set(key, (bucket = new Set()));
      bucket.add(rule);
    }
  }

  remove(rule: CompiledRule): void {
    for (const key of this.keysOf(rule)) {
      const bucket = this.buckets.get(key);
      bucket?.delete(rule);
      if (bucket?.size === 0) this.buckets.delete(key);
    }
  }

  collect(transaction: object, into: Set<CompiledRule>): void {
    const key = this.key((transaction as Record<string, unknown>)[this.field]);
    if (key !== null) for (const rule of this.buckets.get(key) ?? []) into.add(rule);
    for (const rule of this.buckets.get(ANY) ?? []) into.add(rule);
  }
}

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
  private readonly rules = new Map<string, CompiledRule>();
  private readonly rank = new Map<CompiledRule, number>();
  private ranked: CompiledRule[] | null = [];
  private readonly byFirstChar = new FieldIndex('imported_payee', (v) => v[0]!.toLowerCase());
  private readonly byPayee = new FieldIndex('payee', (v) => v.toLowerCase());
  private resolveId: IdResolver | undefined;

  constructor(options: RuleIndexOptions = {}) {
    this.resolveId = options.resolveId;
  }

  get size(): number {
    return this.rules.size;
  }

  has(id: string): boolean {
    return this.rules.has(id);
  }

  get(id: string): CompiledRule | undefined {
    return this.rules.get(id);
  }

  /**
   * Adds a rule or replaces the one with the same id. A rule that does not validate is left
   * out (any previous version is removed) and its errors are returned.
   */
  set(rule: Rule): RuleValidationErrors | null {
    this.delete(rule.id);
    const compiled = compileRule(rule, this.resolveId);
    if (!compiled.ok) return compiled.errors;
    this.rules.set(rule.id, compiled.rule);
    this.byFirstChar.add(compiled.rule);
    this.byPayee.add(compiled.rule);
    this.ranked = null;
    return null;
  }

  delete(id: string): boolean {
    const old = this.rules.get(id);
    if (!old) return false;
    this.rules.delete(id);
    this.byFirstChar.remove(old);
    this.byPayee.remove(old);
    this.ranked = null;
    return true;
  }

  /** Re-applies id mappings (after a merge, an undo or a synced mapping change). */
  setResolver(resolveId: IdResolver | undefined): void {
    this.resolveId = resolveId;
    const sources = [...this.rules.values()].map((r) => r.source);
    for (const source of sources) this.set(source);
  }

  /** Every rule in run order (what `rules-get` lists). */
  all(): CompiledRule[] {
    if (this.ranked === null) {
      this.ranked = [...this.rules.values()].sort(compareRules);
      this.rank.clear();
      this.ranked.forEach((rule, i) => this.rank.set(rule, i));
    }
    return this.ranked;
  }

  /** The rules that may match the transaction, in run order. */
  candidates(transaction: object): CompiledRule[] {
    this.all();
    const found = new Set<CompiledRule>();
    this.byFirstChar.collect(transaction, found);
    this.byPayee.collect(transaction, found);
    return [...found].sort((a, b) => (this.rank.get(a) ?? 0) - (this.rank.get(b) ?? 0));
  }

  /**
   * Runs the rules on a transaction (`rules-run`, imports, added transactions): the candidates
   * are chosen from the transaction as given, then applied in order, each seeing the output
   * of the one before.
   */
  run<T extends object>(transaction: T, ctx?: EvalContext): T {
    let out: T = { ...transaction };
    for (const rule of this.candidates(transaction)) out = applyRule(rule, out, ctx);
    return out;
  }
}
