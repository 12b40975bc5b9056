// Coffer in process: the app core opening the budget (budget service and sheet included), every
// month read through `api/budget-month`, and one transaction edit through the
// `transaction-update` handler, timed until its cells are settled (the sheet recomputes inside
// the write's change event, so the handler's reply is the settle point). Prints one JSON line.
import { budgetEngine, createAppCore, type Budget } from '@coffer/core';
import { createNodePlatform } from '@coffer/core-node';

interface Plan {
  month: string;
  edits: { id: string; category: string; amount: number }[];
}

const quiet = { info: () => undefined, warn: () => undefined, error: console.error };

function cpuMs(since: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

export async function cofferSide(dataDir: string, id: string, plan: Plan, editCount: number) {
  const platform = createNodePlatform({ documentDir: dataDir, log: quiet });
  const core = createAppCore({ platform, documentDir: dataDir });
  const send = (name: string, args?: unknown) => core.sendUnknown(name, args);

  async function openAll() {
    const cpu = process.cpuUsage();
    const t = performance.now();
    const opened = await send('load-budget', { id });
    if (opened && typeof opened === 'object' && 'error' in opened) throw new Error(JSON.stringify(opened)); // prettier-ignore
    const loadMs = performance.now() - t;
    const months = (await send('api/budget-months')) as string[];
    for (const m of months) await send('api/budget-month', { month: m });
    const budget = core.budget as Budget;
    return {
      ms: performance.now() - t,
      loadMs,
      cpuMs: cpuMs(cpu),
      months: months.length,
      fromCache: budgetEngine(budget).restoredFromCache,
    };
  }

  const fresh = await openAll();
  await send('close-budget');
  const cached = await openAll();
  const engine = budgetEngine(core.budget as Budget);
  const sheet = `budget${plan.month.replace('-', '')}`;

  const settle: number[] = [];
  const roundTrip: number[] = [];
  const computed: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < editCount; i++) {
    const tx = plan.edits[i % plan.edits.length]!;
    const cell = `sum-amount-${tx.category}`;
    const before = engine.getCell(sheet, cell).value as number;
    const next = tx.amount - 1 - i;
    const t = performance.now();
    const res = await send('transaction-update', { id: tx.id, amount: next });
    const settled = performance.now() - t;
    if (res && typeof res === 'object' && 'error' in res) throw new Error(JSON.stringify(res));
    if (engine.getCell(sheet, cell).value !== before - tx.amount + next) {
      throw new Error(`the edit of ${tx.id} did not settle`);
    }
    computed.push(engine.sheet.lastComputeCount);
    await send('api/budget-month', { month: plan.month });
    roundTrip.push(performance.now() - t);
    settle.push(settled);
    tx.amount = next;
    // Let deferred work (the cache write) run between edits, as UI events would; its CPU still
    // counts in the per-edit CPU figure.
    await new Promise((r) => setTimeout(r, 0));
  }
  const editCpuMs = cpuMs(cpu) / editCount;
  await send('close-budget');
  return {
    side: 'coffer-core',
    fresh,
    cached,
    edit: {
      medianMs: median(roundTrip),
      p90Ms: [...roundTrip].sort((a, b) => a - b)[Math.floor(roundTrip.length * 0.9)],
      settleMedianMs: median(settle),
      cellsComputedMedian: median(computed),
      cpuMsEach: editCpuMs,
    },
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
}

const [dataDir, id, planJson, edits] = process.argv.slice(2);
if (dataDir && id && planJson) {
  const result = await cofferSide(dataDir, id, JSON.parse(planJson) as Plan, Number(edits ?? 40));
  console.log(JSON.stringify(result));
}
