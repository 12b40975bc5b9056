import { type ReactNode, useCallback, useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppState } from '../../store/context.ts';
import { Amount } from '../kit/ui/AmountInput.tsx';
import { type FilterCondition, registerTarget } from './data/register-filter.ts';

/** Opens the register filtered to a figure's transactions (CONTRACTS.md: the register reads it). */
export function useOpenRegister() {
  const navigate = useNavigate();
  const all = useAppState((s) => s.accounts);
  return useCallback(
    (accounts: readonly string[], conditions: readonly FilterCondition[]) => {
      const target = registerTarget(
        accounts,
        all.map((a) => a.id),
        conditions,
      );
      navigate(target.path, { state: target.state });
    },
    [navigate, all],
  );
}

/** A headline figure of a report. */
export function Figure({
  label,
  cents,
  hint,
  signed,
}: {
  label: string;
  cents: number;
  hint?: string;
  /** Show a + before a positive change. */
  signed?: boolean;
}) {
  const id = useId();
  return (
    <div className="report-figure" role="group" aria-labelledby={id}>
      <div className="report-figure-label" id={id}>
        {label}
      </div>
      <div className="report-figure-value">
        {signed && cents > 0 && <span className="amount">+</span>}
        <Amount cents={cents} />
      </div>
      {hint && <div className="report-figure-hint subdued">{hint}</div>}
    </div>
  );
}

/**
 * The frame of one report: a way back to the overview, the title, its controls, and the body.
 * While new figures are on their way the old ones stay, marked busy.
 */
export function ReportFrame({
  title,
  controls,
  busy,
  children,
  actions,
}: {
  title: string;
  controls?: ReactNode;
  busy: boolean;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="page report-page">
      <div className="report-head">
        <nav aria-label="Breadcrumb" className="report-crumbs">
          <Link to="/reports">Reports</Link>
          <span aria-hidden="true"> / </span>
        </nav>
        <div className="report-title-row">
          <h1>{title}</h1>
          {actions && <div className="row report-actions">{actions}</div>}
        </div>
        {controls && <div className="report-controls">{controls}</div>}
      </div>
      <div
        className="report-body"
        aria-busy={busy}
        data-state={busy ? 'loading' : 'ready'}
        aria-label={`${title} report`}
        role="region"
      >
        {children}
      </div>
    </div>
  );
}
