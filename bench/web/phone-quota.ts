/**
 * The phone bench's CPU quota (phone.ts, issue 29). Chromium here refuses
 * `Emulation.setCPUThrottlingRate` on worker targets, so the core's worker is slowed through
 * the kernel instead: the browser runs in a cgroup of its own (v1 `cpu` controller,
 * `cpu.cfs_quota_us`, the v1 form of `cpu.max`), in one of three scopes:
 *   - `targets` (the default): the threads CDP's throttle would slow, each in a group of its own
 *     with the share: every page's main thread (a renderer process's first thread) and every
 *     worker's (dedicated and service workers'); the browser's other threads run free, as under
 *     `Emulation.setCPUThrottlingRate` on the page and on every worker target, the issue's
 *     method. A thread is told by its name (`/proc/<tid>/status`).
 *   - `thread`: every thread of the browser in a group of its own, each with the
 *     share. A phone 4× slower is 4× slower on each core, and its compile threads, compositor and
 *     browser process run beside the page's and the worker's threads, as CDP's throttle would
 *     leave them (it slows a target's own thread and nothing else; here the others are slowed
 *     too). cgroup v1 places threads one by one through `tasks`; a new thread starts in its
 *     parent's group, so a sweep every few ms moves it into its own.
 *   - `browser`: the whole browser in one group with the share: every thread draws from the same
 *     fraction of one core. Harsher than a phone (nothing runs side by side), and what the bench
 *     did until stop 49; kept to compare.
 * Either way the share is given or fitted so a fixed busy loop in a worker runs the wanted times
 * slower than with no quota, and both are reported.
 */
import { mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';
import { cgroupWrapper } from './phone-browser.ts';

export type QuotaScope = 'targets' | 'thread' | 'browser';

/** The browser in its own cgroup (made here; `CpuQuota.remove` removes it once the browser is closed). */
export async function launchInCgroup(
  dir: string,
  cgroup: string,
  args: string[],
): Promise<Browser> {
  mkdirSync(cgroup);
  return chromium.launch({ executablePath: cgroupWrapper(dir, cgroup), args });
}

/**
 * The period: a thread that has spent its share waits for the next one, so a long period (the
 * kernel's default 100 ms) stalls a thread for 75 ms at a time, lock held or not, where a slow
 * core is slow evenly. 20 ms per thread; the whole browser keeps 100 ms, as it always had.
 */
const PERIOD_US: Record<QuotaScope, number> = { targets: 20_000, thread: 20_000, browser: 100_000 };
/** How often new threads are looked for and given their own group. */
const SWEEP_MS = 10;

function writeShare(group: string, period: number, share: number | null): void {
  writeFileSync(`${group}/cpu.cfs_period_us`, String(period));
  writeFileSync(
    `${group}/cpu.cfs_quota_us`,
    share === null ? '-1' : String(Math.round(period * share)),
  );
}

export interface CpuQuota {
  readonly scope: QuotaScope;
  /** The share of one core (per thread or for the whole browser); null: no quota. */
  set(share: number | null): void;
  /** Threads given a group of their own so far (`thread` scope). */
  readonly placed: number;
  /** Stops the sweep and removes every group (the browser must be closed first). */
  remove(): void;
}

export function cpuQuota(cgroup: string, scope: QuotaScope): CpuQuota {
  if (scope === 'browser') {
    return {
      scope,
      placed: 0,
      set: (share) => writeShare(cgroup, PERIOD_US.browser, share),
      remove: () => rmdirSync(cgroup),
    };
  }
  return threadQuota(cgroup, scope, scope === 'targets' ? isTarget : () => true);
}

/** Worker threads' names as the kernel keeps them (15 characters). */
const WORKER_THREADS = new Set(['DedicatedWorker', 'ServiceWorker t']);

/**
 * Whether CDP's throttle would slow this thread: a worker's, or a renderer's main thread.
 * Undefined while the thread is too young to tell: a new thread has its creator's name until
 * it names itself.
 */
function isTarget(tid: string, ageSweeps: number): boolean | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${tid}/status`, 'utf8');
  } catch {
    return false;
  }
  const name = /^Name:\t(.*)$/m.exec(status)?.[1] ?? '';
  const tgid = /^Tgid:\t(\d+)$/m.exec(status)?.[1];
  if (WORKER_THREADS.has(name)) return true;
  if (tgid === tid) {
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${tid}/cmdline`, 'utf8');
    } catch {
      return false;
    }
    if (cmdline.includes('--type=renderer')) return true;
    // A renderer forked from the zygote shows the zygote's command line until it has set its
    // own: told free then, a tab's main thread ran unthrottled for the whole run (an A/B run's
    // second app: each tap's time about its CPU time, 16 ms for 12 ms).
    if (cmdline.includes('--type=zygote') && ageSweeps < 20) return undefined;
    return false;
  }
  return ageSweeps < 20 ? undefined : false;
}

/**
 * The throttled threads each in `cgroup/t<tid>` with the share; the parent itself unlimited.
 * `throttled(tid, age)` says which threads are (undefined: ask again at the next sweep).
 */
function threadQuota(
  cgroup: string,
  scope: QuotaScope,
  throttled: (tid: string, ageSweeps: number) => boolean | undefined,
): CpuQuota {
  const period = PERIOD_US.thread;
  let share: number | null = null;
  let placed = 0;
  /** The threads that have a group: each group's `tasks` is read to find threads born in it. */
  const groups = new Set<string>();
  const groupOf = (tid: string) => `${cgroup}/t${tid}`;
  const readTasks = (dir: string): string[] | null => {
    try {
      return readFileSync(`${dir}/tasks`, 'utf8').split('\n').filter(Boolean);
    } catch {
      return null;
    }
  };
  const place = (tid: string) => {
    const group = groupOf(tid);
    if (!groups.has(tid)) {
      mkdirSync(group, { recursive: true });
      writeShare(group, period, share);
      groups.add(tid);
    }
    try {
      writeFileSync(`${group}/tasks`, tid);
      placed++;
    } catch {
      // The thread ended before it was moved.
    }
  };
  /** Each thread not yet told, with the sweeps it has been seen in. */
  const young = new Map<string, number>();
  /** The threads told to run free (they stay in the parent). */
  const free = new Set<string>();
  const consider = (tid: string) => {
    if (free.has(tid)) return;
    const age = (young.get(tid) ?? -1) + 1;
    const verdict = throttled(tid, age);
    if (verdict === undefined) {
      young.set(tid, age);
      return;
    }
    young.delete(tid);
    if (verdict) place(tid);
    else free.add(tid);
  };
  const toParent = (tid: string) => {
    try {
      writeFileSync(`${cgroup}/tasks`, tid);
    } catch {
      // It ended meanwhile.
    }
  };
  const sweep = () => {
    const inParent = new Set(readTasks(cgroup) ?? []);
    for (const tid of inParent) consider(tid);
    // A thread that ended leaves its verdict behind: its id may come back as another thread.
    for (const tid of free) if (!inParent.has(tid)) free.delete(tid);
    for (const owner of [...groups]) {
      const tids = readTasks(groupOf(owner));
      if (tids === null) continue;
      // An ended thread's group goes (a later thread with its id gets a new one).
      if (tids.length === 0) {
        try {
          rmdirSync(groupOf(owner));
          groups.delete(owner);
        } catch {
          // A thread was just born into it: the next sweep moves it.
        }
        continue;
      }
      // A thread born in a throttled one's group: throttled in a group of its own, or back to
      // the parent (its creator's share is not its own).
      for (const tid of tids) {
        if (tid === owner) continue;
        const age = (young.get(tid) ?? -1) + 1;
        const verdict = throttled(tid, age);
        if (verdict === undefined) young.set(tid, age);
        else if (verdict) place(tid);
        else {
          toParent(tid);
          free.add(tid);
        }
      }
    }
  };
  writeShare(cgroup, period, null);
  const timer = setInterval(sweep, SWEEP_MS);
  return {
    scope,
    get placed() {
      return placed;
    },
    set(next) {
      share = next;
      for (const tid of groups) {
        try {
          writeShare(groupOf(tid), period, share);
        } catch {
          // Its thread ended and the group went meanwhile.
        }
      }
    },
    remove() {
      clearInterval(timer);
      for (const name of readdirSync(cgroup)) {
        if (!name.startsWith('t')) continue;
        try {
          rmdirSync(`${cgroup}/${name}`);
        } catch {
          // Not a group of ours (the controller's own files start with 'cpu' or 'tasks').
        }
      }
      rmdirSync(cgroup);
    },
  };
}

/**
 * The quota: `quota` as given, or fitted in a few tries so the worker's busy loop runs
 * `slowdown` times slower than with no quota (the time a loop takes grows about as one over
 * the share). The last try's share and times are what the table reports.
 */
export async function fitQuota(
  browser: Browser,
  quota: CpuQuota,
  want: { quota?: number; slowdown: number },
): Promise<{ free: number; quota: number; share: number; scope: QuotaScope }> {
  quota.set(null);
  // The fastest of three: one run without a quota read 128 ms in one run and 212 in the next
  // on a quiet machine (its first run's compile, the other core's work), and every ratio is
  // against it.
  let free = Infinity;
  for (let i = 0; i < 3; i++) free = Math.min(free, await workerLoop(browser));
  let share = want.quota ?? 1 / want.slowdown;
  for (let attempt = 0; ; attempt++) {
    quota.set(share);
    // The middle of three: one slowed run is as noisy as one free run.
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(await workerLoop(browser));
    const slowed = runs.sort((a, b) => a - b)[1]!;
    const ratio = slowed / free;
    // Never short of the slow-down asked for by more than 5 % (a fit that stopped at 3.7× for
    // 4× read as a kinder phone), nor more than 15 % beyond it.
    const fits = ratio >= want.slowdown * 0.95 && ratio <= want.slowdown * 1.15;
    if (want.quota !== undefined || attempt === 5 || fits)
      return { free, quota: slowed, share, scope: quota.scope };
    share = Math.min(1, Math.max(0.03, (share * ratio) / (want.slowdown * 1.05)));
  }
}

/** A fixed busy loop in a dedicated worker, in ms (the core runs in one). */
export async function workerLoop(browser: Browser): Promise<number> {
  const page = await browser.newPage();
  const src = `onmessage = () => { const t = performance.now(); let x = 0; for (let i = 0; i < 1e8; i++) x += i % 7; postMessage(performance.now() - t); };`;
  const ms = await page.evaluate(`new Promise((r) => {
    const w = new Worker(URL.createObjectURL(new Blob([${JSON.stringify(src)}])));
    w.onmessage = (e) => r(e.data); w.postMessage(0);
  })`);
  await page.close();
  return ms as number;
}
