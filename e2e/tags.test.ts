import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectAccessibleEverywhere } from './helpers/axe.ts';
import { expectWholeFigures, MEDIUM, SCREENSHOT_DIR, SIZES } from './helpers/browser.ts';
import { cents } from './helpers/budget.ts';
import { newPhoneContext } from './helpers/phone.ts';
import { BUILT, PASSWORD, type Session, startSession, WAIT } from './helpers/session.ts';
import { bootstrapServer, createLocalAccount } from './helpers/steps.ts';

/**
 * Tags (issue 32): `#words` typed into the register's notes show as chips; the Tags page finds
 * them, recolours, refuses a punctuation-only name, renames with the notes following (one undo
 * puts it back) and asks before a merge. The custom report by tag: each row's figure is the sum
 * the register shows when that row opens it, and the total counts a transaction once.
 */

/**
 * `<name>-<size>-<theme>.png` at 1280×800, 1100×800 and 390×844 in both themes; the page is left
 * as it was.
 */
async function themedShots(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(theme)}`);
    for (const [size, viewport] of Object.entries({ ...SIZES, '1100': MEDIUM })) {
      await page.setViewportSize(viewport);
      await page.evaluate('new Promise((r) => requestAnimationFrame(() => r(null)))');
      await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${size}-${theme}.png`) });
    }
  }
  await page.evaluate(`document.documentElement.dataset.theme = 'light'`);
  await page.setViewportSize(SIZES.desktop);
}

/** `<name>-phone-<theme>.png` at the phone's own size (390×844), in both themes. */
async function phoneShots(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.setViewportSize(SIZES.phone);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(theme)}`);
    await page.evaluate('new Promise((r) => requestAnimationFrame(() => r(null)))');
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-phone-${theme}.png`) });
  }
  await page.evaluate(`document.documentElement.dataset.theme = 'light'`);
}

const NOTES = ['Flights #trip', 'Hotel #trip #work', 'Dinner #gift'];

describe.runIf(BUILT)('tags in notes, the Tags page', { timeout: 180_000 }, () => {
  let session: Session;

  beforeAll(async () => {
    session = await startSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  const grid = () => session.first.page.getByRole('main').getByRole('grid');
  const chips = (text: string) => grid().locator('.tag-chip', { hasText: text });
  const openRegister = async () => {
    await session.first
      .sidebar()
      .getByRole('link', { name: /^Checking/ })
      .click();
    await grid().waitFor(WAIT);
  };

  it('tags three transactions by typing #words in the register and shows them as chips', async () => {
    const { page, sidebar } = session.first;
    await bootstrapServer(page, session.server.url, PASSWORD);
    await page.getByRole('button', { name: 'Create new file' }).click();
    await sidebar().waitFor(WAIT);
    await page.getByRole('button', { name: 'Add account', exact: true }).click();
    await createLocalAccount(page, 'Checking', '1000');
    await openRegister();
    const k = page.keyboard;
    const tagList = page.getByRole('listbox', { name: 'Tags' });
    for (const [i, notes] of NOTES.entries()) {
      await page.getByRole('button', { name: '+ Add New' }).click();
      await page.getByRole('textbox', { name: 'Date' }).waitFor(WAIT);
      await k.press('Control+a');
      await k.type(`11/0${i + 1}/2025`);
      await k.press('Tab');
      await k.type('Shop');
      await k.press('Tab');
      if (i === 0) {
        // A new tag from the `#` suggestions: the list offers it; an arrow and Enter take it.
        await k.type(notes);
        await tagList.getByRole('option', { name: 'New tag #trip' }).waitFor(WAIT);
        await k.press('ArrowDown');
        await k.press('Enter');
        await tagList.waitFor({ state: 'detached', ...WAIT });
      } else if (i === 1) {
        // An existing tag from the suggestions, by its first letters.
        await k.type('Hotel #tr');
        await tagList.getByRole('option', { name: '#trip', exact: true }).waitFor(WAIT);
        // At the desktop size only: the phone width swaps the register for the phone list.
        await page.screenshot({ path: join(SCREENSHOT_DIR, 'tags-09-suggestions-desktop.png') });
        await k.press('ArrowDown');
        await k.press('Enter');
        await k.type('#work');
      } else {
        await k.type(notes);
      }
      await k.press('Tab');
      await k.press('Tab');
      await k.type(`${10 * (i + 1)}`);
      await k.press('Enter');
      await k.press('Escape');
      await chips(notes.split(' ').at(-1)!).first().waitFor(WAIT);
    }
    expect(await chips('#trip').count()).toBe(2);
    expect(await chips('#work').count()).toBe(1);
    expect(await chips('#gift').count()).toBe(1);
    // The text around the chips is the notes as typed.
    expect(await grid().getByText('Hotel', { exact: false }).count()).toBeGreaterThan(0);
  });

  it('finds the tags in notes, recolours one, and the register shows the colour', async () => {
    const { page, goTo } = session.first;
    await goTo('Tags');
    const table = page.getByRole('table', { name: 'Tags' });
    await page.getByRole('button', { name: 'Find tags in notes' }).click();
    // #trip was recorded when it was picked as a new tag.
    await page.getByRole('status').getByText('Added #gift, #work').waitFor(WAIT);
    const trip = table
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: /^#trip/ }) });
    expect(await trip.getByRole('cell').nth(3).textContent()).toContain('2');
    await table.getByRole('button', { name: 'Colour #1a7f37 for #trip' }).click();
    await table
      .getByRole('button', { name: 'Colour #1a7f37 for #trip', pressed: true })
      .waitFor(WAIT);
    await page.getByRole('textbox', { name: 'Description of #trip' }).fill('Holidays');
    await page.getByRole('textbox', { name: 'New tag' }).focus();
    await table.getByRole('button', { name: 'Colour #cf222e for #gift' }).click();

    // A punctuation-only name is refused with a message, and nothing is added.
    await page.getByRole('textbox', { name: 'New tag' }).fill('...');
    await page.getByRole('button', { name: 'Add tag' }).click();
    await page.getByRole('status').getByText('A tag name cannot be only punctuation').waitFor(WAIT);
    expect(await table.getByRole('row').count()).toBe(4);
    await page.getByRole('textbox', { name: 'New tag' }).fill('');

    await expectAccessibleEverywhere(page, 'tags page');
    await themedShots(page, 'tags-10-page');

    await openRegister();
    const chip = chips('#trip').first();
    expect(
      await chip.evaluate((e) => e.ownerDocument.defaultView!.getComputedStyle(e).backgroundColor),
    ).toBe('rgb(26, 127, 55)');
    await themedShots(page, 'tags-11-register-chips');
  });

  it('renames a tag, the notes follow, and one undo puts tag and notes back', async () => {
    const { page, goTo } = session.first;
    await goTo('Tags');
    const table = page.getByRole('table', { name: 'Tags' });
    await table.getByRole('button', { name: /^#trip/ }).click();
    const input = table.getByRole('textbox', { name: 'New name for #trip' });
    await input.fill('travel');
    await input.press('Enter');
    await table.getByRole('button', { name: /^#travel/ }).waitFor(WAIT);

    await openRegister();
    await chips('#travel').nth(1).waitFor(WAIT);
    expect(await chips('#trip').count()).toBe(0);
    // The undo from the Tags page: the tag and the notes go back together.
    await goTo('Tags');
    await table.getByRole('button', { name: /^#travel/ }).waitFor(WAIT);
    await page.keyboard.press('Control+z');
    await table.getByRole('button', { name: /^#trip/ }).waitFor(WAIT);
    await openRegister();
    await chips('#trip').nth(1).waitFor(WAIT);
    expect(await chips('#travel').count()).toBe(0);
  });

  it('asks before renaming onto an existing tag, and merges when told to', async () => {
    const { page, goTo } = session.first;
    await goTo('Tags');
    const table = page.getByRole('table', { name: 'Tags' });
    await table.getByRole('button', { name: /^#gift/ }).click();
    const input = table.getByRole('textbox', { name: 'New name for #gift' });
    await input.fill('work');
    await input.press('Enter');
    const ask = page.getByRole('alertdialog', { name: 'Merge tags' });
    await ask.waitFor(WAIT);
    await themedShots(page, 'tags-12-merge-asked');
    await ask.getByRole('button', { name: 'Merge' }).click();
    await ask.waitFor({ state: 'detached', ...WAIT });
    await table.getByRole('button', { name: /^#gift/ }).waitFor({ state: 'detached', ...WAIT });
    const work = table
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: /^#work/ }) });
    expect(await work.getByRole('cell').nth(3).textContent()).toContain('2');
    await openRegister();
    await chips('#work').nth(1).waitFor(WAIT);
    expect(await chips('#gift').count()).toBe(0);
    expect(session.first.errors).toEqual([]);
  });

  it('filters the register by a tag: a chip, the Filter menu (has tag, has no tag), search', async () => {
    const { page } = session.first;
    const rows = () => grid().locator('.reg-txn');
    const filters = page.getByRole('group', { name: 'Filters' });
    await openRegister();
    const all = await rows().count();
    // A click on a chip filters by its tag.
    await chips('#trip').first().click();
    await filters.getByText('Notes has tag #trip').waitFor(WAIT);
    await expect.poll(() => rows().count(), WAIT).toBe(2);
    await filters.getByRole('button', { name: /Remove filter/ }).click();
    await expect.poll(() => rows().count(), WAIT).toBe(all);

    // Filter ▸ Tag: the tag picker, by keyboard.
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Tag', exact: true }).click();
    const editor = page.getByRole('dialog', { name: 'Filter by Tag' });
    await editor.getByRole('combobox', { name: 'Value' }).fill('wor');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => editor.getByRole('combobox', { name: 'Value' }).inputValue(), WAIT)
      .toBe('#work');
    // At this size only: a phone width closes the popover (the register is swapped).
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'tags-13-filter-popover-desktop.png') });
    await page.keyboard.press('Enter');
    await filters.getByText('Notes has tag #work').waitFor(WAIT);
    await expect.poll(() => rows().count(), WAIT).toBe(2);
    expect(await chips('#work').count()).toBe(2);
    // At this size only: a phone width swaps the register, and its filter bar, away.
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'tags-14-filtered-desktop.png') });
    await expectWholeFigures(page, 'register filtered by a tag');

    // The same condition turned round: has no tag.
    await filters.getByRole('button', { name: /^Edit filter/ }).click();
    const edit = page.getByRole('dialog', { name: 'Filter by Tag' });
    await edit.getByLabel('Operator').selectOption('doesNotHaveTags');
    // The tag's suggestions open with the popover; Escape closes them (the value stays).
    await edit.getByRole('combobox', { name: 'Value' }).press('Escape');
    await edit.getByRole('button', { name: 'Apply' }).click();
    await filters.getByText('Notes has no tag #work').waitFor(WAIT);
    await expect.poll(() => rows().count(), WAIT).toBe(all - 2);
    expect(await chips('#work').count()).toBe(0);
    await filters.getByRole('button', { name: /Remove filter/ }).click();

    // Search: '#trip' alone finds the tag (not a longer one).
    await page.getByRole('searchbox', { name: 'Search transactions' }).fill('#trip');
    await expect.poll(() => rows().count(), WAIT).toBe(2);
    await page.getByRole('searchbox', { name: 'Search transactions' }).fill('');
    await expect.poll(() => rows().count(), WAIT).toBe(all);
    expect(session.first.errors).toEqual([]);
  });

  it('reports by tag: each row equals its register, two tags count in both, a bar opens the register', async () => {
    const { page } = session.first;
    const rows = () => grid().locator('.reg-txn');
    const filters = page.getByRole('group', { name: 'Filters' });
    /** The register's own figures: deposits less payments of the rows it shows. */
    const registerSum = async () => {
      let sum = 0;
      for (const r of await rows().all()) {
        const of = async (col: string) =>
          cents((await r.locator(`[data-col=${col}]`).textContent()) || '0');
        sum += (await of('deposit')) - (await of('payment'));
      }
      return sum;
    };
    // In-app navigation (no reload), as a link does.
    const go = (path: string) =>
      page.evaluate(
        `history.pushState(null, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate'))`,
      );
    const report = page.locator(
      '[role="region"][aria-label="New custom report report"][data-state="ready"]',
    );
    const table = page.getByRole('table', { name: 'Report table' });
    const figure = async (name: string) =>
      cents(
        await table.getByRole('row', { name, exact: true }).getByRole('cell').last().textContent(),
      );
    const openReport = async () => {
      await go('/reports/custom?groupBy=Tag&measure=Net&range=all&graph=BarGraph');
      await report.waitFor(WAIT);
      await expect.poll(() => table.getByRole('row').count(), WAIT).toBe(3 + 2);
    };

    await openRegister();
    await expect.poll(() => rows().count(), WAIT).toBe(4);
    const everything = await registerSum();
    await openReport();
    // Typed as payments of 10, 20 and 30 (after the merge: 'Flights #trip', 'Hotel #trip #work',
    // 'Dinner #work'), and the starting balance of 1000 with no tag.
    const byHand = { '#trip': -1000 - 2000, '#work': -2000 - 3000, '(no tag)': 100000 };
    for (const [name, amount] of Object.entries(byHand)) expect(await figure(name)).toBe(amount);
    // The total counts the transaction with two tags once; the rows add up to more (in size).
    const total = page.getByRole('group', { name: 'Total', exact: true }).locator('.amount').last();
    expect(cents(await total.textContent())).toBe(everything);
    expect(everything).toBe(100000 - 1000 - 2000 - 3000);
    await page
      .getByRole('note')
      .getByText(
        'A transaction counts under each of its tags. One transaction in this report has more than one',
        { exact: false },
      )
      .waitFor(WAIT);

    // Each row (by keyboard) opens the register filtered by its tag over the range; the
    // register's own sum of what it shows is the row's figure.
    const filterText = {
      '#trip': 'Notes has tag #trip',
      '#work': 'Notes has tag #work',
      '(no tag)': 'Notes has no tag #trip #work',
    };
    const counts = { '#trip': 2, '#work': 2, '(no tag)': 1 };
    for (const [name, amount] of Object.entries(byHand)) {
      const key = name as keyof typeof byHand;
      await table.getByRole('button', { name, exact: true }).focus();
      await page.keyboard.press('Enter');
      await filters.getByText(filterText[key]).waitFor(WAIT);
      await expect.poll(() => rows().count(), WAIT).toBe(counts[key]);
      expect(await registerSum(), name).toBe(amount);
      await openReport();
    }

    await expectAccessibleEverywhere(page, 'report by tag', { wideOnly: true });
    // Reports are wide-only (a phone is sent to the budget), so 1280×800 and 1100×800.
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(theme)}`);
      for (const size of [SIZES.desktop, MEDIUM]) {
        await page.setViewportSize(size);
        await page.evaluate('new Promise((r) => requestAnimationFrame(() => r(null)))');
        await page.screenshot({
          path: join(SCREENSHOT_DIR, `tags-16-report-${size.width}-${theme}.png`),
        });
        await expectWholeFigures(page, `report by tag ${size.width} ${theme}`);
      }
    }
    await page.evaluate(`document.documentElement.dataset.theme = 'light'`);
    await page.setViewportSize(SIZES.desktop);

    // A bar: the first is #trip's.
    await page.locator('[aria-label="Report chart"] .recharts-bar-rectangle path').first().click();
    await filters.getByText('Notes has tag #trip').waitFor(WAIT);
    await expect.poll(() => rows().count(), WAIT).toBe(2);
    expect(await registerSum()).toBe(byHand['#trip']);
    expect(session.first.errors).toEqual([]);
  });
});

describe.runIf(BUILT)('a tag on a phone', { timeout: 240_000 }, () => {
  let session: Session;
  let page: Page;
  beforeAll(async () => {
    session = await startSession();
    const context = await newPhoneContext(session.browser);
    page = await context.newPage();
  });
  afterAll(async () => {
    await page?.context().close();
    await session?.close();
  });
  const main = () => page.getByRole('main');

  it('adds a tag in the transaction editor by taps, a new one and then an existing one', async () => {
    await page.setViewportSize(SIZES.phone);
    await bootstrapServer(page, session.server.url, PASSWORD);
    await page.getByRole('button', { name: 'Create new file' }).tap();
    const tryIt = page.getByRole('button', { name: 'Try it anyway' });
    await tryIt.waitFor(WAIT);
    await tryIt.tap();
    await page.getByRole('navigation', { name: 'Main' }).getByText('Accounts').tap();
    await main().getByRole('button', { name: 'Add account', exact: true }).tap();
    await page.getByRole('button', { name: 'Create local account' }).tap();
    await page.getByLabel('Name:').fill('Checking');
    await page.getByLabel('Balance:').fill('100');
    await page.getByRole('button', { name: 'Create', exact: true }).tap();
    await page.getByRole('heading', { name: 'Checking' }).waitFor(WAIT);
    // Enough tags starting 'wo' that '#wo' offers a list taller than its popup: it scrolls.
    const register = page.url();
    await page.goto(`${session.server.url}/tags`);
    const tagTable = page.getByRole('table', { name: 'Tags' });
    for (const letter of 'abcdefghijkl') {
      await page.getByRole('textbox', { name: 'New tag' }).fill(`wo${letter}`);
      await page.getByRole('button', { name: 'Add tag', exact: true }).tap();
      await tagTable.getByRole('button', { name: new RegExp(`^#wo${letter}\\b`) }).waitFor(WAIT);
    }
    await page.goto(register);
    await page.getByRole('heading', { name: 'Checking' }).waitFor(WAIT);

    const tagList = page.getByRole('listbox', { name: 'Tags' });
    for (const [typed, pick, amount] of [
      ['Taxi #work', 'New tag #work', '12'],
      ['Bus #wo', '#work', '3'],
    ] as const) {
      await page.getByRole('link', { name: 'Add transaction' }).tap();
      await page.getByRole('textbox', { name: 'Amount' }).fill(amount);
      // Notes open in the editor's edit-field sheet, whose text field offers the tags.
      await main()
        .getByRole('button', { name: /^Notes/ })
        .tap();
      const sheet = page.getByRole('dialog', { name: 'Notes', exact: true });
      // The kit's combobox: it says whether its list is open and owns it.
      const notes = sheet.getByRole('combobox', { name: 'Notes' });
      await notes.tap();
      expect(await notes.getAttribute('aria-expanded')).toBe('false');
      await page.keyboard.type(typed);
      await tagList.waitFor(WAIT);
      expect(await notes.getAttribute('aria-expanded')).toBe('true');
      expect(await notes.getAttribute('aria-controls')).toBe(await tagList.getAttribute('id'));
      if (typed.startsWith('Bus')) {
        // Thirteen tags start 'wo': the list scrolls, and axe's scroll rule passes (a
        // combobox's popup needs no focus of its own), in both themes.
        expect(await tagList.evaluate((e) => e.scrollHeight > e.clientHeight)).toBe(true);
        for (const theme of ['light', 'dark'] as const) {
          await page.evaluate(`document.documentElement.dataset.theme = ${JSON.stringify(theme)}`);
          await expectAccessible(page, `phone notes with a long tag list, ${theme}`);
        }
        await phoneShots(page, 'tags-19-phone-notes-list');
      }
      await tagList.getByRole('option', { name: pick, exact: true }).tap();
      expect(await notes.getAttribute('aria-expanded')).toBe('false');
      await expect.poll(() => notes.inputValue(), WAIT).toBe(`${typed.split('#')[0]}#work `);
      if (typed.startsWith('Bus')) await themedShots(page, 'tags-15-phone-editor');
      await sheet.getByRole('button', { name: 'Done' }).tap();
      await sheet.waitFor({ state: 'hidden', ...WAIT });
      await main().getByRole('button', { name: 'Save', exact: true }).tap();
      await page.getByText('Transaction added.').first().waitFor(WAIT);
    }
    await main()
      .getByText(/Taxi #work/)
      .waitFor(WAIT);
    await main()
      .getByText(/Bus #work/)
      .waitFor(WAIT);
    // The titlebar's spinner while a sync runs is not what this checks: wait for it to end.
    await page.getByRole('button', { name: 'Syncing' }).waitFor({ state: 'detached', ...WAIT });
    // The phone's register (themedShots left the page at the desktop size) shows each tag as a
    // chip, as the desktop's does.
    await page.setViewportSize(SIZES.phone);
    await expect
      .poll(() => main().locator('.tag-chip', { hasText: '#work' }).count(), WAIT)
      .toBe(2);
    // The chip's look comes with the chip: this page has never shown the tags page, whose
    // stylesheet once held it (the chips were bare text until the tags page had been opened).
    // Polled: the list may still swap its rows (the kept rows for the ones read, the chips
    // coloured once the tags are read), and a chip taken out of the page has no style.
    const chip = main().locator('.tag-chip', { hasText: '#work' }).first();
    await expect
      .poll(
        () => chip.evaluate((e) => e.ownerDocument.defaultView!.getComputedStyle(e).borderTopStyle),
        WAIT,
      )
      .toBe('solid');
    await expectAccessibleEverywhere(page, 'phone register with tags');
    await phoneShots(page, 'tags-17-register-chips');
    await expectWholeFigures(page, 'phone register with tags');
  });

  it('shows the Tags page on a phone; the report by tag is for wider screens', async () => {
    await page.goto(`${session.server.url}/tags`);
    await page.getByRole('heading', { name: 'Tags', level: 1 }).waitFor(WAIT);
    const table = page.getByRole('table', { name: 'Tags' });
    const work = table.getByRole('row').filter({ has: page.getByRole('button', { name: /^#work/ }) }); // prettier-ignore
    await work.waitFor(WAIT);
    expect(await work.getByRole('cell').nth(3).textContent()).toContain('2');
    await expectAccessibleEverywhere(page, 'phone tags page');
    await phoneShots(page, 'tags-18-page');
    await expectWholeFigures(page, 'phone tags page');
    // Reports, like schedules, are wide-only: a phone is sent to the budget.
    await page.goto(`${session.server.url}/reports/custom?groupBy=Tag&measure=Net&range=all`);
    await page.waitForURL(/\/budget/, WAIT);
  });
});
