/**
 * The phone bench's figures, taken in the page (phone.ts, issue 29): from the step's own start
 * (the navigation's start for a start-up, the tap's `touchend` for a tap) to the first
 * animation frame after the step's result is in the DOM. The page checks its condition once a
 * frame while the DOM changes and tells the bench through one console message: the bench sends
 * it nothing meanwhile.
 *
 * Why: the bench used to poll from Node (Playwright's `isVisible` every 30 ms). Under the CPU
 * quota each poll cost the page's main thread a task (20–28 ms of its CPU in a returning start,
 * a quarter of that thread's work before the budget showed), and each round trip added its own
 * latency to the figure: a tap that changed nothing measured 58–628 ms.
 *
 * The scripts are strings: the root tsconfig (which checks bench/) has no DOM types.
 */
import type { BrowserContext, Page } from 'playwright-core';

/** A condition checked in the page: a function's source, `() => boolean`. */
export type Ready = string;

const PREFIX = 'bench:frame ';

/** In the page: the frame watcher, `window.__benchFrame`, and the start-up's own watch. */
function watcherScript(shown: Ready): string {
  return `(() => {
  if (window.__benchFrame) return;
  const report = (name, ms) => console.debug(${JSON.stringify(PREFIX)} + JSON.stringify({ name, ms }));
  // Checks 'ready' on the first frame after each DOM change; calls done(frameTime) once it holds.
  const watch = (ready, done) => {
    let pending = false;
    let observer = null;
    const check = () => {
      pending = false;
      let ok = false;
      try { ok = ready(); } catch { ok = false; }
      if (!ok) return;
      observer?.disconnect();
      done(performance.now());
    };
    const later = () => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(check);
    };
    observer = new MutationObserver(later);
    observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    later();
  };
  window.__benchFrame = {
    // The next touchend's time to the first frame where 'ready' holds ('click': the first
    // frame after the tap's click, whatever it changed). From the finger's lift, where a tap
    // acts: Playwright's touchstart comes a round trip before its touchend (tens of ms under
    // the quota), a gap a finger's own tap also has and no app can shorten.
    arm(name, ready) {
      const listener = (e) => {
        document.removeEventListener('touchend', listener, true);
        const at = e.timeStamp;
        if (ready === 'click') {
          document.addEventListener('click', () => {
            // The click's own delay after the lift (the browser's gesture detection), apart.
            report(name + ':click', performance.now() - at);
            requestAnimationFrame(() => report(name, performance.now() - at));
          }, { capture: true, once: true });
          return;
        }
        watch(ready, (t) => report(name, t - at));
      };
      document.addEventListener('touchend', listener, true);
    },
  };
  // Every document: from the navigation's start to the frame where the budget shows.
  watch(${shown}, (t) => report('shown', t));
})();`;
}

/** The bench's side: the figures the page reported, by name, as they come. */
export interface FrameWatch {
  /** The next report of `name` (ms), or an error after `timeout` ms. */
  next(name: string, timeout?: number): Promise<number>;
  /** Arms the page: the next tap's time until `ready` holds, reported as `name`. */
  arm(name: string, ready: Ready | 'click'): Promise<void>;
}

/** Installs the watcher on every document of `context` (`shown`: the budget-shown condition). */
export async function watchFrames(context: BrowserContext, shown: Ready): Promise<void> {
  await context.addInitScript(watcherScript(shown));
}

/** Listens to `page`'s reports. Reports that came before `next` was called wait for it. */
export function frameWatch(page: Page): FrameWatch {
  const came = new Map<string, number[]>();
  const waiting = new Map<string, (ms: number) => void>();
  page.on('console', (m) => {
    const text = m.text();
    if (!text.startsWith(PREFIX)) return;
    const { name, ms } = JSON.parse(text.slice(PREFIX.length)) as { name: string; ms: number };
    const w = waiting.get(name);
    if (w) {
      waiting.delete(name);
      w(ms);
    } else {
      came.set(name, [...(came.get(name) ?? []), ms]);
    }
  });
  return {
    next(name, timeout = 600_000) {
      const queued = came.get(name);
      if (queued?.length) return Promise.resolve(queued.shift()!);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(name);
          reject(new Error(`no '${name}' frame in ${timeout} ms`));
        }, timeout);
        waiting.set(name, (ms) => {
          clearTimeout(timer);
          resolve(ms);
        });
      });
    },
    async arm(name, ready) {
      // A figure left from an earlier step of the same name must not answer this one.
      came.delete(name);
      // The condition goes in as source, compiled by the evaluation (the app's CSP forbids eval).
      const given = ready === 'click' ? "'click'" : ready;
      await page.evaluate(`window.__benchFrame.arm(${JSON.stringify(name)}, ${given})`);
    },
  };
}

/** In the page: a visible leaf element whose text is `text` exactly (under `root`, a selector). */
export function leafText(text: string, root = 'body'): Ready {
  return `() => {
    for (const r of document.querySelectorAll(${JSON.stringify(root)}))
      for (const e of r.querySelectorAll('*'))
        if (e.childElementCount === 0 && e.textContent.trim() === ${JSON.stringify(text)} && e.checkVisibility()) return true;
    return false;
  }`;
}
