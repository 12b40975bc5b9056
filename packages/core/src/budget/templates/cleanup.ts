/**
 * `cleanup-goal-template`, the end-of-month sweep of the envelope budget:
 * 1. `#cleanup source` categories give their positive balance back (their budget drops by it);
 *    a source of a named group gives it to that group's sinks instead, when it has any;
 * 2. overspent categories are covered from To Budget, each only when it can be covered fully;
 * 3. what is left in To Budget goes to the `#cleanup sink [weight]` categories by weight.
 */
import type { Month } from '../../calendar/months.ts';
import { cellNumber, type BudgetReader, type BudgetWrite } from '../reader.ts';
import { cellNames as N } from '../types.ts';
import { formatTemplateError, parseNote } from './parse.ts';
import type { TemplateNotification } from './types.ts';

export interface CleanupInput {
  month: Month;
  notes: ReadonlyMap<string, string>;
  names: ReadonlyMap<string, string>;
}

export interface CleanupRun {
  writes: BudgetWrite[];
  notification: TemplateNotification;
}

interface Sink {
  id: string;
  weight: number;
}

/** Splits `amount` by weight; rounding leftovers go to the last sink so nothing is lost. */
export function splitByWeight(amount: number, sinks: readonly Sink[]): Map<string, number> {
  const out = new Map<string, number>();
  const total = sinks.reduce((w, s) => w + s.weight, 0);
  let handed = 0;
  sinks.forEach((s, i) => {
    const part = i === sinks.length - 1 ? amount - handed : Math.floor((amount * s.weight) / total);
    handed += part;
    out.set(s.id, (out.get(s.id) ?? 0) + part);
  });
  return out;
}

export function runCleanup(reader: BudgetReader, input: CleanupInput): CleanupRun {
  const { month } = input;
  const errors: string[] = [];
  const sources: { id: string; group: string | null }[] = [];
  const sinks = new Map<string | null, Sink[]>();
  for (const cat of reader.getCategories()) {
    const note = input.notes.get(cat.id);
    if (!note || cat.isIncome) continue;
    const parsed = parseNote(note);
    const name = input.names.get(cat.id) ?? cat.id;
    for (const e of parsed.errors) errors.push(formatTemplateError(name, e));
    for (const line of parsed.cleanups) {
      if (line.type === 'source') sources.push({ id: cat.id, group: line.group });
      else {
        const list = sinks.get(line.group) ?? [];
        list.push({ id: cat.id, weight: line.weight });
        sinks.set(line.group, list);
      }
    }
  }

  const delta = new Map<string, number>();
  const move = (id: string, amount: number) => delta.set(id, (delta.get(id) ?? 0) + amount);
  const balance = (id: string) => cellNumber(reader, month, N.leftover(id)) + (delta.get(id) ?? 0);
  let pot = cellNumber(reader, month, 'to-budget');

  const funded = new Set<string>();
  const fund = (amount: number, to: readonly Sink[]) => {
    for (const [id, part] of splitByWeight(amount, to)) {
      move(id, part);
      if (part > 0) funded.add(id);
    }
  };
  let returned = 0;
  const pools = new Map<string, number>();
  for (const s of sources) {
    const give = Math.max(0, balance(s.id));
    if (give === 0) continue;
    move(s.id, -give);
    returned++;
    if (s.group !== null && sinks.has(s.group))
      pools.set(s.group, (pools.get(s.group) ?? 0) + give);
    else pot += give;
  }
  for (const [group, amount] of pools) fund(amount, sinks.get(group) ?? []);

  for (const cat of reader.getCategories()) {
    if (cat.isIncome) continue;
    const need = -balance(cat.id);
    if (need > 0 && need <= pot) {
      move(cat.id, need);
      pot -= need;
    }
  }

  const globalSinks = sinks.get(null) ?? [];
  if (globalSinks.length > 0) {
    if (pot > 0) fund(pot, globalSinks);
    else errors.push('No money is left in To Budget for the sinks.');
  }

  const writes: BudgetWrite[] = [];
  for (const [id, d] of delta) {
    if (d === 0) continue;
    const amount = cellNumber(reader, month, N.budget(id)) + d;
    writes.push({ kind: 'budget', month, category: id, amount });
  }
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const what =
    sources.length + sinks.size === 0
      ? 'There are no #cleanup lines.'
      : `Cleanup returned money from ${plural(returned, 'source')} and funded ${plural(funded.size, 'sink')}.`;
  return {
    writes,
    notification:
      errors.length > 0
        ? { type: 'message', sticky: true, message: what, pre: errors.join('\n\n') }
        : { type: 'message', message: what },
  };
}
