import { addMonths, q } from '@coffer/core/ui';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { useSearchParams } from 'react-router';
import { useAppState, useStore } from '../../store/context.ts';
import { useResponsive } from '../../store/responsive.ts';
import type { LocalPrefs } from '../../store/types.ts';
import { useQuery } from '../kit/data/data.ts';
import { Spinner } from '../kit/ui/Spinner.tsx';
import { PhoneBudget } from './PhoneBudget.tsx';
import { BudgetTable, type TableOptions } from './BudgetTable.tsx';
import { COLLAPSED_PREF, SHOW_HIDDEN_PREF, saveBudgetPref } from './category-actions.ts';
import { monthCellNames } from './cells.ts';
import { AfterPaint } from './after-paint.ts';
import { FIRST_CELLS_MARK, usePageCells } from './first-cells.ts';
import { MonthPicker } from './MonthPicker.tsx';
import {
  type Bounds,
  chooseMonth,
  firstShownMonth,
  type MonthChoice,
  monthOf,
  monthsFrom,
  monthsThatFit,
  settledChoice,
  shownMonthCount,
} from './month-nav.ts';
import { budgetableIds, type BudgetType, buildRows, readCollapsed, toggled } from './rows.ts';
import { TitlebarControls } from './TitlebarControls.tsx';
import { type BudgetView, BudgetViewContext, type GoalProgress } from './view.ts';
import './budget.css';
import { isFailure } from '../../backend/backend.ts';
import { BUDGET_SHOWN_MARK, markFirstScreen } from '../../store/first-screen.ts';

const NOTES_QUERY = q('notes').select(['id', 'note']).serialize();

/** The width the page has for the table (the window less the sidebar), kept current. */
function usePageWidth(): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(() => window.innerWidth);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** after-paint.ts's `AfterPaint` on the window's clock, its waiting job dropped on unmount. */
function useAfterPaint(): (job: () => void) => void {
  const [after] = useState(
    () =>
      new AfterPaint({
        requestFrame: (run) => requestAnimationFrame(run),
        cancelFrame: (id) => cancelAnimationFrame(id),
        setTimeout: (run, ms) => window.setTimeout(run, ms),
        clearTimeout: (id) => window.clearTimeout(id),
      }),
  );
  useEffect(() => () => after.cancel(), [after]);
  return useCallback((job: () => void) => after.run(job), [after]);
}

/**
 * The first month shown as the URL has it (`?month=`), and the way to choose another. A choice
 * shows in the click's own task; the URL follows once that frame is painted (month-nav.ts
 * `MonthChoice` says why): the history write and the router's render for it were in the click's
 * frame (issue 30: that frame came 32 ms after the click at 100k, 15 ms with the write after).
 */
function useFirstMonthParam(): [string | null, (month: string) => void] {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('month');
  const [choice, setChoice] = useState<MonthChoice | null>(null);
  const afterPaint = useAfterPaint();
  const pending = settledChoice(choice, fromUrl);
  // Settled (the URL shows it, or moved elsewhere): forgotten, so a later undo is followed.
  if (choice && !pending) setChoice(null);
  const choose = (month: string) => {
    setChoice(chooseMonth(pending, fromUrl, month));
    afterPaint(() => setParams({ month }, { replace: true }));
  };
  return [pending?.month ?? fromUrl, choose];
}

/**
 * The budget page: the envelope (rollover) or tracking (report) table for one or more months
 * side by side. The first month shown is in the URL (`?month=YYYY-MM`), so undo comes back to
 * it. Cells are read through one store, a cell at a time, with the months beside the shown
 * ones read ahead so the arrows paint at once.
 */
export function BudgetPage() {
  const store = useStore();
  const [monthParam, setFirst] = useFirstMonthParam();
  const { isNarrow } = useResponsive();
  const [pageRef, pageWidth] = usePageWidth();
  const prefs = useAppState((s) => s.prefs as (LocalPrefs & Record<string, unknown>) | null);
  const maxMonths = useAppState((s) => s.globalPrefs.maxMonths);
  const grouped = useAppState((s) => s.categories.grouped);
  const type: BudgetType = prefs?.budgetType === 'report' ? 'report' : 'rollover';
  const showHidden = prefs?.[SHOW_HIDDEN_PREF] === true;
  const collapsedPref = prefs?.[COLLAPSED_PREF];
  const collapsed = useMemo(() => readCollapsed(collapsedPref), [collapsedPref]);
  const goalTemplates = Boolean(prefs?.['flags.goalTemplatesEnabled']);

  const cells = usePageCells(store);
  const [bounds, setBounds] = useState<Bounds | null>(null);
  useEffect(() => {
    void store.backend.send('get-budget-bounds').then((b) => {
      if (!isFailure(b)) setBounds(b);
    });
  }, [store]);

  const current = monthOf(new Date());
  const fit = isNarrow ? 1 : monthsThatFit(pageWidth - 48);
  const count = isNarrow ? 1 : shownMonthCount(maxMonths, fit);
  const first = firstShownMonth(monthParam, current, count, bounds);
  const monthsKey = monthsFrom(first, count).join(',');
  const wanted = useMemo(() => monthsKey.split(','), [monthsKey]);

  // What the table shows: the wanted months once all their cells are known, else the last
  // months that were (so a month change never paints zeros).
  const names = useMemo(
    () => wanted.flatMap((m) => monthCellNames(m, type, grouped)),
    [wanted, type, grouped],
  );
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  const shownRef = useRef<{ months: readonly string[]; type: BudgetType } | null>(null);
  const ready = cells.hasAll(names);
  // Replaced only when it changes: a new object re-renders every cell of the table.
  if (ready && (shownRef.current?.months !== wanted || shownRef.current.type !== type)) {
    shownRef.current = { months: wanted, type };
  }
  const shown = shownRef.current;

  const typeRef = useRef(type);
  useEffect(() => {
    // A type switch recomputes every cell: read them all again.
    const switched = typeRef.current !== type;
    typeRef.current = type;
    if (!shownRef.current) performance.mark(FIRST_CELLS_MARK);
    const load = switched ? cells.reload(names) : cells.load(names);
    let cancelled = false;
    void load.then(() => {
      if (cancelled) return;
      loaded();
      // Read ahead the months on either side, for the arrows.
      const around = [addMonths(wanted[0]!, -1), addMonths(wanted[wanted.length - 1]!, 1)];
      const inBounds = around.filter((m) => !bounds || (m >= bounds.start && m <= bounds.end));
      void cells.load(inBounds.flatMap((m) => monthCellNames(m, type, grouped)));
    });
    return () => {
      cancelled = true;
    };
  }, [cells, names, type, wanted, grouped, bounds]);

  const notesRows = useQuery<Array<{ id: string; note: string | null }>>(NOTES_QUERY, ['notes']);
  const notes = useMemo(
    () => new Map((notesRows ?? []).filter((n) => n.note).map((n) => [n.id, n.note!])),
    [notesRows],
  );

  const hasGoals = [...notes.values()].some((n) => /#(template|goal)/i.test(n));
  const [goalProgress, setGoalProgress] = useState<GoalProgress | null>(null);
  useEffect(() => {
    if (hasGoals && !goalProgress) {
      void import('./goals.ts').then((m) => setGoalProgress(() => m.goalProgress));
    }
  }, [hasGoals, goalProgress]);

  const rows = useMemo(
    () => buildRows(grouped, { showHidden, collapsed }),
    [grouped, showHidden, collapsed],
  );
  const view = useMemo<BudgetView | null>(
    () =>
      shown
        ? {
            cells,
            type: shown.type,
            months: shown.months,
            current,
            groups: grouped,
            budgetable: budgetableIds(rows, shown.type),
            notes,
            goalProgress,
            goalTemplates,
            narrow: isNarrow,
          }
        : null,
    [cells, shown, current, grouped, rows, notes, goalProgress, goalTemplates, isNarrow],
  );

  useEffect(() => {
    // Where the first paint of the table comes in a page load (bench/web/budget-page.ts).
    if (view && performance.getEntriesByName(BUDGET_SHOWN_MARK).length === 0) {
      performance.mark(BUDGET_SHOWN_MARK);
      markFirstScreen();
    }
  });

  // Kept while its inputs are: a new one renders the whole table again (the router's render
  // after a month change's URL write, a cell store push).
  const tableOptions = useMemo<TableOptions>(
    () => ({
      showHidden,
      onShowHidden: (show) => void saveBudgetPref(store, SHOW_HIDDEN_PREF, show),
      onCollapseAll: (all) =>
        void saveBudgetPref(store, COLLAPSED_PREF, all ? grouped.map((g) => g.id) : []),
      onToggle: (id) => void saveBudgetPref(store, COLLAPSED_PREF, toggled(collapsed, id)),
    }),
    [store, showHidden, grouped, collapsed],
  );

  const switching = shown !== null && shown.type !== type;

  return (
    <div ref={pageRef} className={`page budget-page${isNarrow ? ' narrow' : ''}`}>
      {!isNarrow && <TitlebarControls fit={fit} shown={count} type={type} />}
      <MonthPicker
        first={first}
        count={count}
        current={current}
        bounds={bounds}
        onChange={setFirst}
        narrow={isNarrow}
      />
      {view ? (
        <BudgetViewContext.Provider value={view}>
          <div className={`bt-wrap${switching ? ' switching' : ''}`} aria-busy={switching}>
            {isNarrow ? (
              <PhoneBudget
                rows={rows}
                onToggle={(id) =>
                  void saveBudgetPref(store, COLLAPSED_PREF, toggled(collapsed, id))
                }
              />
            ) : (
              <BudgetTable rows={rows} options={tableOptions} />
            )}
          </div>
          {!isNarrow && (
            <p className="bt-keys keys-hint subdued">
              In a Budgeted cell: Enter saves and moves down, Tab moves to the next month, Alt+↓
              opens its actions, Escape goes back to the category name.
            </p>
          )}
        </BudgetViewContext.Provider>
      ) : (
        <div className="page-loading">
          <Spinner late label="Loading the budget" />
        </div>
      )}
    </div>
  );
}

export default BudgetPage;
