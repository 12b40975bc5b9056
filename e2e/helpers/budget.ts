import type { Locator, Page } from 'playwright-core';
import { WAIT } from './session.ts';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function monthOf(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** This month, as the app (in the same machine's time zone) sees it. */
export const MONTH = monthOf(new Date());

export function monthAfter(month: string, n = 1): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return monthOf(new Date(y, m - 1 + n, 1));
}

/** 'November 2026', as the budget page names months. */
export function monthTitle(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5)) - 1]} ${month.slice(0, 4)}`;
}

/** An amount as shown (en-US format, any minus sign) in integer cents. */
export function cents(text: string | null): number {
  const t = (text ?? '')
    .trim()
    .replace(/[−–]/g, '-')
    .replace(/[^0-9.-]/g, '');
  if (!t) return NaN;
  const negative = t.startsWith('-');
  const [whole = '0', frac = ''] = t.replace('-', '').split('.');
  const value = Number(whole) * 100 + Number(frac.padEnd(2, '0').slice(0, 2));
  return negative ? -value : value;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function budgetCell(page: Page, category: string, month: string): Locator {
  return page.getByLabel(`Budgeted for ${category}, ${monthTitle(month)}`, { exact: true });
}

export async function readBudgeted(page: Page, category: string, month: string): Promise<number> {
  return cents(await budgetCell(page, category, month).inputValue());
}

/** A month's To Budget (or Overbudget), in cents. */
export async function toBudget(page: Page, month: string): Promise<number> {
  const button = page.getByRole('button', {
    name: new RegExp(`^(To Budget|Overbudget) in ${monthTitle(month)}:`),
  });
  return cents(await button.locator('.amount').textContent(WAIT));
}

/** Reading and acting on the budget page the way a person would, by role and name. */
export function useBudgetPage(getPage: () => Page) {
  const page = () => getPage();
  const amountOf = async (name: RegExp) =>
    cents(await page().getByRole('button', { name }).locator('.amount').first().textContent(WAIT));
  const monthColumn = (month: string) =>
    page()
      .getByRole('columnheader')
      .filter({ has: page().getByRole('heading', { name: monthTitle(month), exact: true }) });
  const shownMonths = async () =>
    (await page().locator('.bt-month-title h2').allTextContents()).map((t) => t.trim());
  async function pick(item: string) {
    await page().getByRole('menuitem', { name: item, exact: true }).click();
  }
  return {
    table: () => page().getByRole('table', { name: 'Budget' }),
    readBudgetedOf: (category: string, month: string) => readBudgeted(page(), category, month),
    focusedLabel: () => page().evaluate('document.activeElement?.getAttribute("aria-label")'),
    balance: (category: string, month: string) =>
      amountOf(new RegExp(`^Balance of ${escape(category)}, ${monthTitle(month)}:`)),
    spent: (category: string, month: string) =>
      amountOf(new RegExp(`^Transactions of ${escape(category)}, ${monthTitle(month)}:`)),
    async balanceIsRed(category: string, month: string) {
      const amount = page()
        .getByRole('button', {
          name: new RegExp(`^Balance of ${escape(category)}, ${monthTitle(month)}:`),
        })
        .locator('.amount');
      return (await amount.getAttribute('class'))?.includes('negative') ?? false;
    },
    /** A group's Budgeted total in a month's column. */
    async groupBudgeted(group: string, month: string) {
      const index = (await shownMonths()).indexOf(monthTitle(month));
      const row = page().getByRole('row', { name: `${group} group`, exact: true });
      return cents(
        await row
          .getByRole('cell')
          .nth(index * 3)
          .textContent(),
      );
    },
    /** A figure of a month's summary by its label ('Available funds', 'For next month', …). */
    async figure(month: string, label: string) {
      const text = monthColumn(month).getByText(label, { exact: true });
      return cents(await text.locator('xpath=preceding-sibling::span[1]').textContent(WAIT));
    },
    /** An item of a Budgeted cell's menu, opened from the keyboard (Alt+Down). */
    async cellAction(category: string, month: string, item: string) {
      await budgetCell(page(), category, month).focus();
      await page().keyboard.press('Alt+ArrowDown');
      await pick(item);
    },
    async balanceAction(category: string, month: string, item: string) {
      await page()
        .getByRole('button', {
          name: new RegExp(`^Balance of ${escape(category)}, ${monthTitle(month)}:`),
        })
        .click();
      await pick(item);
    },
    async monthAction(month: string, item: string) {
      await page()
        .getByRole('button', { name: `Actions for ${monthTitle(month)}` })
        .click();
      await pick(item);
    },
    /** An item of a category's (or, with ' group', a group's) name menu. */
    async categoryAction(name: string, item: string) {
      await page()
        .getByRole('row', { name, exact: true })
        .getByRole('button', { name, exact: true })
        .click();
      await pick(item);
    },
    /** Every figure a month shows: To Budget, and each category's budgeted and balance. */
    async snapshot(month: string) {
      const title = monthTitle(month);
      const budgets = page().getByLabel(new RegExp(`^Budgeted for .*, ${title}$`));
      const balances = page().getByRole('button', {
        name: new RegExp(`^Balance of .*, ${title}:`),
      });
      return {
        toBudget: await toBudget(page(), month),
        budgeted: (await budgets.evaluateAll((els) =>
          els.map(
            (e) => `${e.getAttribute('aria-label')}=${(e as unknown as { value: string }).value}`,
          ),
        )) as string[],
        balances: await balances.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))),
      };
    },
  };
}

export interface ShownMonth {
  toBudget: number;
  /** Category name → Budgeted, and → Balance, as the page shows them. */
  budgeted: Record<string, number>;
  balance: Record<string, number>;
}

/** Everything one envelope month shows, read in two passes over the page. */
export async function shownMonth(page: Page, month: string): Promise<ShownMonth> {
  const title = monthTitle(month);
  const inputs = (await page
    .getByLabel(new RegExp(`^Budgeted for .*, ${title}$`))
    .evaluateAll((els) =>
      els.map((e) => [e.getAttribute('aria-label'), (e as unknown as { value: string }).value]),
    )) as Array<[string, string]>;
  const balances = (await page
    .getByRole('button', { name: new RegExp(`^Balance of .*, ${title}:`) })
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))) as string[];
  const budgeted: Record<string, number> = {};
  for (const [label, value] of inputs) {
    budgeted[label.slice('Budgeted for '.length, -`, ${title}`.length)] = cents(value);
  }
  const balance: Record<string, number> = {};
  for (const label of balances) {
    const m = new RegExp(`^Balance of (.*), ${title}: ([^,]*)`).exec(label);
    if (m) balance[m[1]!] = cents(m[2]!);
  }
  return { toBudget: await toBudget(page, month), budgeted, balance };
}
