// The import bench's rules (bench/import/scenario.mjs: 50 rules, 200 payees) run on its rows
// as the import runs them (RuleIndex.run: a candidate's gate is asked before its full
// evaluation) and with every candidate evaluated in full (runRuleList over the same
// candidates: the run before the gates), in one process, interleaved, so both see the same
// load. Counts the full evaluations per row (load-free) and times each way by CPU.
//   node bench/import/rule-gates.mjs [--count 50000] [--rounds 5]
import {
  gateAdmits,
  gateOf,
  newDayMemo,
  ruleMatches,
  runRuleList,
} from '../../packages/core/src/rules/evaluate.ts';
import { RuleIndex } from '../../packages/core/src/rules/rule-index.ts';
import type { Rule } from '../../packages/core/src/rules/types.ts';
import { makeScenario, resolveNames } from './scenario.mjs';

const option = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};

const count = Number(option('count', '50000'));
const rounds = Number(option('rounds', '5'));
const scenario = makeScenario(count);
const ids = {
  payee: new Map(scenario.payees.map((name, i) => [name, `payee-${i}`])),
  category: new Map(scenario.categories.map((name, i) => [name, `cat-${i}`])),
};
const index = new RuleIndex();
scenario.rules.forEach((rule, i) => {
  const problem = index.set({ id: `rule-${i}`, ...(resolveNames(rule, ids) as object) } as Rule);
  if (problem) throw new Error(`rule ${i} refused: ${JSON.stringify(problem)}`);
});

// The rows as normalizeImport hands them to the rules: a payee by the name (any case), else a
// new one per name; imported_payee is the bank's name.
const byLower = new Map([...ids.payee].map(([name, id]) => [name.toLowerCase(), id]));
const rows = scenario.incoming.map((t) => {
  const lower = t.payee_name.toLowerCase();
  const payee = byLower.get(lower) ?? `new-${lower}`;
  const row: Record<string, unknown> = { date: t.date, amount: t.amount, account: 'acct' };
  if (t.notes !== undefined) row.notes = t.notes;
  row.imported_payee = t.payee_name;
  row.payee = payee;
  return row;
});

// The work, counted as RuleIndex.run does it.
let candidates = 0;
let full = 0;
for (const row of rows) {
  const out = { ...row };
  const memo = newDayMemo();
  for (const rule of index.candidates(row)) {
    candidates++;
    const gate = gateOf(rule);
    if (gate !== null && !gateAdmits(gate, out, memo)) continue;
    full++;
    if (ruleMatches(rule, out, undefined, memo)) {
      for (const action of rule.actions) if (action.op === 'set') out[action.field] = action.value;
    }
  }
}

const cpu = (fn: () => void): number => {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};
const gated: number[] = [];
const inFull: number[] = [];
let differ = 0;
for (let r = 0; r < rounds; r++) {
  const a: unknown[] = [];
  const b: unknown[] = [];
  gated.push(cpu(() => rows.forEach((row: object) => a.push(index.run(row)))));
  inFull.push(
    cpu(() => rows.forEach((row: object) => b.push(runRuleList(index.candidates(row), row)))),
  );
  if (r === 0) differ = a.filter((x, i) => JSON.stringify(x) !== JSON.stringify(b[i])).length;
}
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
console.log(`${count} rows, ${index.size} rules`);
console.log(
  `candidates per row ${(candidates / count).toFixed(1)}, evaluated in full per row: ` +
    `${(candidates / count).toFixed(1)} without gates, ${(full / count).toFixed(1)} with`,
);
console.log(
  `CPU (median of ${rounds}, interleaved): without gates ${median(inFull).toFixed(0)} ms, ` +
    `with ${median(gated).toFixed(0)} ms; rows whose result differs: ${differ}`,
);
