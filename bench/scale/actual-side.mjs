// The Actual 26.9 client (`actual-api-26`) joining the large budget after Coffer's devices:
// it downloads the file and catches up (init + downloadBudget), reads one budget month, then
// edits one transaction and syncs it, so Coffer's device can be checked to see the edit.
// Runs in its own process (Actual's API state is global); prints one JSON line.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

function cpuMs(since) {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
}

export async function actualJoins({ dataDir, serverURL, password, groupId, month, edit }) {
  const api = require('actual-api-26');
  const t0 = performance.now();
  await api.init({ dataDir, serverURL, password });
  const signInMs = performance.now() - t0;
  const cpu = process.cpuUsage();
  const t1 = performance.now();
  await api.downloadBudget(groupId);
  const downloadMs = performance.now() - t1;
  const downloadCpuMs = cpuMs(cpu);
  const t2 = performance.now();
  const shown = await api.getBudgetMonth(month);
  const firstMonthMs = performance.now() - t2;
  const t3 = performance.now();
  await api.updateTransaction(edit.id, { amount: edit.amount });
  await api.sync();
  const editMs = performance.now() - t3;
  await api.shutdown();
  return {
    side: 'actual-26',
    signInMs,
    downloadMs,
    downloadCpuMs,
    firstMonthMs,
    editMs,
    month: { toBudget: shown.toBudget, totalSpent: shown.totalSpent, totalIncome: shown.totalIncome }, // prettier-ignore
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
}
