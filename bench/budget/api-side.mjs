// One side of the budget benchmark through a scripting API: @actual-app/api, or Coffer's built
// packages/api. Run in a child process per side; prints one JSON line.
//   open: loadBudget + getBudgetMonth for every month (the budget computed from scratch), then
//         the same after closing and reopening (Actual and Coffer both keep a cache).
//   edit: updateTransaction(amount) then getBudgetMonth until the category's spending shows it.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

function cpuMs(since) {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
}

async function openAll(api, id) {
  const cpu = process.cpuUsage();
  const t = performance.now();
  await api.loadBudget(id);
  const loadMs = performance.now() - t;
  const months = await api.getBudgetMonths();
  for (const m of months) await api.getBudgetMonth(m);
  return { ms: performance.now() - t, loadMs, cpuMs: cpuMs(cpu), months: months.length };
}

function spentOf(month, category) {
  for (const g of month.categoryGroups) {
    for (const c of g.categories) if (c.id === category) return c.spent;
  }
  throw new Error(`category ${category} not in the month`);
}

export async function apiSide(side, root, dataDir, id, plan, editCount) {
  const api =
    side === 'coffer-api'
      ? require(join(root, 'packages/api/dist/index.cjs'))
      : require('@actual-app/api');
  const log = console.log;
  console.log = () => {};
  console.info = () => {};
  console.warn = () => {};
  await api.init({ dataDir });
  const fresh = await openAll(api, id);
  await api.shutdown();
  await api.init({ dataDir });
  const cached = await openAll(api, id);

  const times = [];
  const cpu = process.cpuUsage();
  let stalls = 0;
  for (let i = 0; i < editCount; i++) {
    const tx = plan.edits[i % plan.edits.length];
    const before = spentOf(await api.getBudgetMonth(plan.month), tx.category);
    const next = tx.amount - 1 - i;
    const t = performance.now();
    await api.updateTransaction(tx.id, { amount: next });
    let month = await api.getBudgetMonth(plan.month);
    // Settled means the month shows the edit; a reply computed before that does not count.
    while (spentOf(month, tx.category) !== before - tx.amount + next) {
      stalls++;
      if (performance.now() - t > 60_000) throw new Error('the edit never showed');
      await new Promise((r) => setTimeout(r, 5));
      month = await api.getBudgetMonth(plan.month);
    }
    times.push(performance.now() - t);
    tx.amount = next;
  }
  const editCpuMs = cpuMs(cpu) / editCount;
  await api.shutdown().catch(() => {});
  times.sort((a, b) => a - b);
  log(
    JSON.stringify({
      side,
      fresh,
      cached,
      edit: { medianMs: times[Math.floor(times.length / 2)], p90Ms: times[Math.floor(times.length * 0.9)], cpuMsEach: editCpuMs, stalls }, // prettier-ignore
      peakRssMb: process.resourceUsage().maxRSS / 1024,
    }),
  );
}
