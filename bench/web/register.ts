/**
 * The account register's flows, the same for Coffer and for Actual's web build: each measured
 * in the page from the input event to the frame that shows the result (the event's time, then
 * a requestAnimationFrame after the DOM shows what was asked for). Only the selectors differ.
 */
import type { Page } from 'playwright-core';

export type AppName = 'coffer' | 'actual';

/** Where each app puts the register's parts (Actual's by its data-testids, the same in 25.6 and 26.9). */
export const SELECTORS: Record<
  AppName,
  { row: string; account: string; category: string; payment: string; search: string }
> = {
  coffer: {
    row: '[role=grid] .reg-txn',
    account: '[data-col=account]',
    category: '[data-col=category]',
    payment: '[data-col=payment]',
    search: 'input[aria-label="Search transactions"]',
  },
  actual: {
    row: '[data-testid="transaction-table"] [data-testid="row"]:has([data-testid="debit"])',
    account: '[data-testid="account"]',
    category: '[data-testid="category"]',
    payment: '[data-testid="debit"]',
    search: 'input[placeholder="Search"]',
  },
};

const WAIT = 180_000;

/**
 * In the page: resolves (with ms since `since`) on the first frame after `ready()` holds,
 * checked on every DOM change. Runs as a page script: a string, as the root tsconfig (which
 * checks bench/) has no DOM types.
 */
const WAIT_FOR_FRAME = `(ready, since, limit) => new Promise((resolve, reject) => {
  // The mark after the frame bounds the step's thread time (bench/web/step-trace.ts, --cpu).
  const done = () => requestAnimationFrame(() => {
    resolve(performance.now() - since());
    setTimeout(() => performance.mark('bench:painted'), 0);
  });
  if (ready()) return done();
  const observer = new MutationObserver(() => {
    if (!ready()) return;
    observer.disconnect();
    clearTimeout(timer);
    done();
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  const timer = setTimeout(() => { observer.disconnect(); reject(new Error('timed out')); }, limit);
})`;

async function inPage<T>(page: Page, body: string, arg: unknown): Promise<T> {
  return (await page.evaluate(
    `(async (arg) => { const waitForFrame = ${WAIT_FOR_FRAME}; ${body} })(${JSON.stringify(arg)})`,
  )) as T;
}

/**
 * In the page, before the input: from the next `event` (a keydown counts only as `key`), every
 * DOM change is checked by `ready` (a function's source, given `arg`), and the first frame after
 * it holds is noted. The check starts in the event's own dispatch: a result the event's handlers
 * paint at once (a category change shown before the core answers) was first seen by a timer
 * polled after the event, which ran behind whatever the page did next (the core's answers to the
 * write), and the frame after that timer was counted instead (10–15 ms later, bench/register).
 */
export async function armStep(
  page: Page,
  event: 'keydown' | 'input' | 'pointerdown',
  ready: string,
  arg: unknown,
  key = 'Enter',
) {
  await inPage<void>(
    page,
    `const step = (window.__step = { at: null, ms: null, error: null });
     const ready = ${ready};
     const listener = (e) => {
       if (${JSON.stringify(event)} === 'keydown' && e.key !== ${JSON.stringify(key)}) return;
       document.removeEventListener(${JSON.stringify(event)}, listener, true);
       step.at = e.timeStamp;
       // The mark bounds the step's thread time (bench/web/step-trace.ts, --cpu).
       performance.mark('bench:step');
       const observer = new MutationObserver(() => {
         if (!ready()) return;
         observer.disconnect();
         clearTimeout(timer);
         requestAnimationFrame(() => {
           step.ms = performance.now() - step.at;
           setTimeout(() => performance.mark('bench:painted'), 0);
         });
       });
       observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
       const timer = setTimeout(() => { observer.disconnect(); step.error = 'timed out'; }, ${WAIT});
     };
     document.addEventListener(${JSON.stringify(event)}, listener, true);`,
    arg,
  );
}

/** The armed step's time (`armStep`), once its frame has come. */
export function stepTime(page: Page): Promise<number> {
  return inPage<number>(
    page,
    `const step = window.__step;
     while (step.ms === null && step.error === null) await new Promise((r) => setTimeout(r, 5));
     if (step.error !== null) throw new Error(step.error);
     return step.ms;`,
    null,
  );
}

/** The floor of the method: a click that changes nothing, to the next frame. */
export function frameFloor(page: Page): Promise<number> {
  return inPage<number>(
    page,
    `const t0 = performance.now();
     document.body.dispatchEvent(new MouseEvent('click', { bubbles: true }));
     return await waitForFrame(() => true, () => t0, 5000);`,
    null,
  );
}

/**
 * From a click on the sidebar's All accounts to the first frame showing rows of accounts other
 * than Checking (a single-account register has no Account column).
 */
export function firstRows(page: Page, app: AppName): Promise<number> {
  const s = SELECTORS[app];
  return inPage<number>(
    page,
    `const link = [...document.querySelectorAll('a, [role=link], button, div, span')]
       .find((el) => el.children.length === 0 && el.textContent.trim() === 'All accounts');
     if (!link) throw new Error('no All accounts link');
     // Any account but Checking (bench/scale's budget has 50, named otherwise).
     const ready = () => [...document.querySelectorAll(arg.row)].slice(0, 30)
       .some((r) => { const name = r.querySelector(arg.account)?.textContent?.trim(); return !!name && name !== 'Checking'; });
     const t0 = performance.now();
     link.click();
     return await waitForFrame(ready, () => t0, ${WAIT});`,
    s,
  );
}

/** The register's scrolling element: the one under its rows that scrolls. */
const SCROLLER = `(rowSel) => {
  let el = document.querySelector(rowSel);
  while (el && !(el.scrollHeight > el.clientHeight + 10 && /auto|scroll/.test(getComputedStyle(el).overflowY))) el = el.parentElement;
  if (!el) throw new Error('no scroller');
  return el;
}`;

export interface FrameStats {
  frames: number;
  maxMs: number;
  p95Ms: number;
  over33: number;
  rows: number;
  seconds: number;
}

/** Scrolls 5,000 rows down, 10 rows (320 px) a frame, recording every frame's duration. */
export function scroll5000(page: Page, app: AppName): Promise<FrameStats> {
  return inPage<FrameStats>(
    page,
    `const scroller = (${SCROLLER})(arg.row);
     scroller.scrollTop = 0;
     await new Promise((r) => setTimeout(r, 300));
     const target = 5000 * 32;
     const gaps = [];
     const start = performance.now();
     let last = null;
     await new Promise((resolve) => {
       const step = (t) => {
         if (last !== null) gaps.push(t - last);
         last = t;
         scroller.scrollTop += 320;
         if (scroller.scrollTop >= target || performance.now() - start > 60000) return resolve();
         requestAnimationFrame(step);
       };
       requestAnimationFrame(step);
     });
     const sorted = [...gaps].sort((a, b) => a - b);
     return {
       frames: gaps.length,
       maxMs: sorted[sorted.length - 1] ?? 0,
       p95Ms: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
       over33: gaps.filter((g) => g > 33.4).length,
       rows: Math.round(scroller.scrollTop / 32),
       seconds: (performance.now() - start) / 1000,
     };`,
    { row: SELECTORS[app].row },
  );
}

/** Back to the top of the register (not measured). */
export function scrollTop(page: Page, app: AppName): Promise<void> {
  return inPage<void>(
    page,
    `(${SCROLLER})(arg.row).scrollTop = 0; await new Promise((r) => setTimeout(r, 300));`,
    { row: SELECTORS[app].row },
  );
}

/**
 * From the search box's input event (the whole term at once) to the first frame where every
 * shown row is in that category.
 */
export async function search(page: Page, app: AppName, term: string): Promise<number> {
  const s = SELECTORS[app];
  // A split whose line matched shows as the split ('Split'), with its lines; an off-budget
  // account's rows show no category (Coffer) or 'Off budget' (Actual).
  // Actual 26.9 also matches the term's number in an amount ('Extra 10' finds a 10.76
  // payment in another category), and shows every line of a split one line of which matched,
  // with the lines' own categories: for it, 4 rows in 5 matching are the filtered view (before
  // the search, about 2 in 5 do). Coffer shows every line of a split one line of which matched
  // too, so the same 4 in 5 holds for both; a name holding the term is a match ('Extra 6' finds
  // 'Extra 61' where a budget has more than 60 categories, and may show no 'Extra 6' at all).
  const ready = `() => {
    const rows = [...document.querySelectorAll(arg.row)];
    const cat = (r) => r.querySelector(arg.category)?.textContent?.trim() ?? '';
    const amountHas = (r) => [arg.payment, arg.deposit].some((sel) => (r.querySelector(sel)?.textContent ?? '').includes(arg.number));
    const matches = (r) => {
      const c = cat(r);
      return c.includes(arg.term) || c === '' || /Split|Off budget/.test(c) || (arg.app === 'actual' && amountHas(r));
    };
    if (!rows.some((r) => cat(r).includes(arg.term))) return false;
    return matches(rows[0]) && rows.filter(matches).length >= rows.length * 0.8;
  }`;
  const number = term.split(' ').pop();
  await armStep(page, 'input', ready, {
    ...s,
    term,
    number,
    app,
    deposit: '[data-testid="credit"]',
  });
  await page.locator(s.search).fill(term);
  return stepTime(page);
}

/**
 * Clears the search for `term` and waits until every row is back (not measured): rows of other
 * categories show again.
 */
export async function clearSearch(page: Page, app: AppName, term: string): Promise<void> {
  const s = SELECTORS[app];
  // The search's first rows, to see them go: the newest rows of a made budget may all be of an
  // off-budget account (no category shown), so a category other than the term may never show
  // among the rows on screen (the wait timed out and the other searches were skipped).
  const shown = `[...document.querySelectorAll(arg.row)].slice(0, 10).map((r) => r.textContent).join('|')`;
  const searched = await inPage<string>(page, `return ${shown};`, s);
  await page.locator(s.search).fill('');
  await inPage<number>(
    page,
    `return await waitForFrame(() => document.querySelectorAll(arg.row).length >= 5 && ${shown} !== arg.searched, () => 0, ${WAIT});`,
    { ...s, term, searched },
  );
}

/** The register's newest payment: the first row whose payment cell holds a figure. */
export const newestPaymentRow = (page: Page, s: (typeof SELECTORS)[AppName]) =>
  page
    .locator(s.row)
    .filter({ has: page.locator(s.payment, { hasText: /\d/ }) })
    .first();

/**
 * Edits the payment of the newest payment in the register (whose running balance is the
 * account's balance) to `payment` and measures from the Enter that saves it to the first frame
 * showing the new balance three times: the header, the sidebar and the running balance.
 */
export async function editAmount(
  page: Page,
  app: AppName,
  payment: string,
  newBalance: string,
): Promise<number> {
  const s = SELECTORS[app];
  const row = newestPaymentRow(page, s);
  await row.locator(s.payment).click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(payment);
  const ready = `() => {
    let n = 0;
    for (const el of document.querySelectorAll('body *')) {
      if (el.children.length === 0 && el.textContent.trim() === arg.newBalance) n++;
    }
    return n >= 3;
  }`;
  await armStep(page, 'keydown', ready, { newBalance });
  await page.keyboard.press('Enter');
  const ms = await stepTime(page);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  return ms;
}

/**
 * Changes the category of the newest payment in the register to `category` (typed into its
 * autocomplete) and measures from the Enter that saves it to the first frame showing that row
 * with its new category: out of edit, or (Actual 26.9) its list closed on it.
 */
export async function editCategory(page: Page, app: AppName, category: string): Promise<number> {
  const s = SELECTORS[app];
  const row = newestPaymentRow(page, s);
  await row.locator(s.category).click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(category);
  // Actual 26.9 names an option with the category's balance after it ('Extra 5 1,757.19').
  const option = new RegExp(`^${category.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`);
  await page.getByRole('option', { name: option }).first().waitFor();
  const ready = `() => {
    // The payment as shown, or in its input when the Enter moved the edit there (Actual 26.9).
    const paid = (r) => { const c = r.querySelector(arg.payment); return (c?.textContent ?? '') + (c?.querySelector('input')?.value ?? ''); };
    const first = [...document.querySelectorAll(arg.row)].find((r) => /\\d/.test(paid(r)));
    const cell = first?.querySelector(arg.category);
    if (!cell) return false;
    const input = cell.querySelector('input');
    if (!input) return cell.textContent.trim() === arg.name;
    // Actual 26.9 keeps the cell in edit after the Enter: the choice is made when its list
    // has closed on the chosen name.
    return input.value === arg.name && !document.querySelector('[role=option]');
  }`;
  await armStep(page, 'keydown', ready, { ...s, name: category });
  await page.keyboard.press('Enter');
  const ms = await stepTime(page);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  return ms;
}

/** The payment shown in the newest payment row, in cents. */
export async function newestPayment(page: Page, app: AppName): Promise<number> {
  const s = SELECTORS[app];
  const text = await newestPaymentRow(page, s).locator(s.payment).textContent();
  return Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);
}
