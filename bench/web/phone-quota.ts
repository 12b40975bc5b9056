/**
 * The phone bench's CPU quota (phone.ts, issue 29): the browser in a cgroup of its own (v1 `cpu`
 * controller, `cpu.cfs_quota_us`, the v1 form of `cpu.max`), its share given or fitted so a fixed
 * busy loop in a worker runs the wanted times slower than with no quota. Chromium here refuses
 * `Emulation.setCPUThrottlingRate` on worker targets, so this is how the core's worker is slowed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { cgroupWrapper } from './phone-browser.ts';

/** The browser in its own cgroup (made here; the caller removes it once the browser is closed). */
export async function launchInCgroup(
  dir: string,
  cgroup: string,
  args: string[],
): Promise<Browser> {
  mkdirSync(cgroup);
  return chromium.launch({ executablePath: cgroupWrapper(dir, cgroup), args });
}

function setQuota(cgroup: string, share: number | null): void {
  const period = 100_000;
  writeFileSync(`${cgroup}/cpu.cfs_period_us`, String(period));
  writeFileSync(
    `${cgroup}/cpu.cfs_quota_us`,
    share === null ? '-1' : String(Math.round(period * share)),
  );
}

/**
 * The quota: `quota` as given, or fitted in a few tries so the worker's busy loop runs
 * `slowdown` times slower than with no quota (the time a loop takes grows about as one over
 * the share). The last try's share and times are what the table reports.
 */
export async function fitQuota(
  browser: Browser,
  cgroup: string,
  want: { quota?: number; slowdown: number },
): Promise<{ free: number; quota: number; share: number }> {
  setQuota(cgroup, null);
  const free = await workerLoop(browser);
  let share = want.quota ?? 1 / want.slowdown;
  for (let attempt = 0; ; attempt++) {
    setQuota(cgroup, share);
    const quota = await workerLoop(browser);
    const ratio = quota / free;
    if (want.quota !== undefined || attempt === 3 || Math.abs(ratio / want.slowdown - 1) < 0.15)
      return { free, quota, share };
    share = Math.min(1, Math.max(0.05, (share * ratio) / want.slowdown));
  }
}

/** A fixed busy loop in a dedicated worker, in ms (the core runs in one). */
async function workerLoop(browser: Browser): Promise<number> {
  const page = await browser.newPage();
  const src = `onmessage = () => { const t = performance.now(); let x = 0; for (let i = 0; i < 1e8; i++) x += i % 7; postMessage(performance.now() - t); };`;
  const ms = await page.evaluate(`new Promise((r) => {
    const w = new Worker(URL.createObjectURL(new Blob([${JSON.stringify(src)}])));
    w.onmessage = (e) => r(e.data); w.postMessage(0);
  })`);
  await page.close();
  return ms as number;
}
