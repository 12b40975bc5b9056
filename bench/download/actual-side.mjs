// The new device through the real @actual-app/api: `init` signs in, `downloadBudget` fetches
// the file, opens it and syncs it with the server (then reopens it, as the API does), and one
// `getBudgetMonth` shows the budget is ready to read. Runs in its own process; prints one JSON
// line.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

function cpuMs(since) {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
}

export async function actualNewDevice({ dataDir, serverURL, password, groupId, month }) {
  const startCpu = process.cpuUsage();
  const api = require('@actual-app/api');
  console.log = () => {};
  console.info = () => {};
  console.warn = () => {};
  const loadedMs = performance.now();

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
  const readyCpuMs = cpuMs(cpu);
  await api.shutdown();
  process.stdout.write(
    `${JSON.stringify({
      side: 'actual',
      startupMs: loadedMs,
      signInMs,
      downloadMs,
      downloadCpuMs,
      firstMonthMs,
      readyMs: downloadMs + firstMonthMs,
      readyCpuMs,
      month: { toBudget: shown.toBudget, totalSpent: shown.totalSpent, totalIncome: shown.totalIncome }, // prettier-ignore
      processCpuMs: cpuMs(startCpu),
      peakRssMb: process.resourceUsage().maxRSS / 1024,
    })}\n`,
  );
}
