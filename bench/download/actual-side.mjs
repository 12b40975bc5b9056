// The new device through a scripting API — the real @actual-app/api (6.9, or 26.9 installed as
// actual-api-26), or Coffer's built
// packages/api with the same calls: `init` signs in, `downloadBudget` fetches the file, opens it
// and syncs it with the server, and one `getBudgetMonth` shows the budget is ready to read; then
// it waits until the process is idle (`settled`).
// Runs in its own process; prints one JSON line.
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { settled } from '../lib/settle.mjs';

const require = createRequire(import.meta.url);

function cpuMs(since) {
  const u = process.cpuUsage(since);
  return (u.user + u.system) / 1000;
}

export async function apiNewDevice(side, { dataDir, serverURL, password, groupId, month }) {
  const startCpu = process.cpuUsage();
  const api =
    side === 'coffer-api'
      ? require(resolve('packages/api/dist/index.cjs'))
      : side === 'actual-26'
        ? require('actual-api-26')
        : require('@actual-app/api');
  if (!process.env.DOWNLOAD_BENCH_VERBOSE) {
    console.log = () => {};
    console.info = () => {};
    console.warn = () => {};
  }
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
  // Whatever the app still does after answering (none of it is waited for above).
  const { settledMs, settledCpuMs } = await settled(t1, cpu);
  await api.shutdown();
  process.stdout.write(
    `${JSON.stringify({
      side,
      startupMs: loadedMs,
      signInMs,
      downloadMs,
      downloadCpuMs,
      firstMonthMs,
      readyMs: downloadMs + firstMonthMs,
      readyCpuMs,
      settledMs,
      settledCpuMs,
      month: { toBudget: shown.toBudget, totalSpent: shown.totalSpent, totalIncome: shown.totalIncome }, // prettier-ignore
      processCpuMs: cpuMs(startCpu),
      peakRssMb: process.resourceUsage().maxRSS / 1024,
    })}\n`,
  );
}
