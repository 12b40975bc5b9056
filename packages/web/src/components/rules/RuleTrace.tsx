import { useCallback, useEffect, useState } from 'react';
import { useStore } from '../../store/context.ts';
import { useFormat } from '../../store/use-format.ts';
import { isFailure } from '../../backend/backend.ts';
import type { ModalProps } from '../../store/modals.ts';
import { Amount } from '../kit/ui/AmountInput.tsx';
import { useTablesChanged } from '../kit/data/data.ts';
import { DialogFooter, Modal } from '../kit/ui/Modal.tsx';
import { fieldName, type EditorRule } from './rule-editor.ts';
import { conditionWords, stageText, transactionValueText } from '../conditions/rule-text.ts';
import { RuleSummary } from '../conditions/RuleSummary.tsx';
import { fieldSummary, type Trace, type TraceStep } from './trace.ts';
import { useRuleFormats, useRuleNames } from '../conditions/use-rule-names.ts';
import './rules.css';
import { Button } from '../kit/ui/Button.tsx';

/** One rule as it met the transaction: each condition's answer, and what it changed. */
function Step({
  step,
  n,
  ran,
  onEdit,
}: {
  step: TraceStep;
  n: number;
  ran: boolean;
  onEdit: (rule: EditorRule) => void;
}) {
  const names = useRuleNames();
  const formats = useRuleFormats();
  const { rule } = step;
  const show = (field: string, value: unknown) =>
    transactionValueText(field, value, names, formats);
  return (
    <li className="trace-step">
      <div className="trace-step-head">
        {n > 0 && <span className="trace-step-n">{n}</span>}
        <span className={`rules-stage stage-${rule.stage ?? 'default'}`}>
          {stageText(rule.stage)}
        </span>
        <RuleSummary rule={rule as EditorRule} names={names} formats={formats} />
        <Button type="button" className="trace-edit" onClick={() => onEdit(rule as EditorRule)}>
          Edit rule
        </Button>
      </div>
      <ul className="trace-conditions" aria-label="Conditions">
        {rule.conditions.map((c, i) => {
          const w = conditionWords(c, names, formats);
          const met = step.conditions[i];
          return (
            <li key={i} className={met ? 'met' : 'unmet'}>
              <span aria-hidden="true">{met ? '✓' : '✗'}</span>
              <span className="sr-only">{met ? 'Met:' : 'Not met:'}</span> {w.field} {w.op}{' '}
              {w.value}
            </li>
          );
        })}
      </ul>
      {ran && step.changes.length > 0 && (
        <ul className="trace-changes" aria-label="Changes">
          {step.changes.map((c, i) => (
            <li key={i}>
              {fieldName(c.field === 'schedule' ? 'Schedule' : c.field)}:{' '}
              <strong>{show(c.field, c.to)}</strong>
              {!sameValue(c.from, c.to) && (
                <span className="subdued"> (was {show(c.field, c.from)})</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * "Why did this happen?" (Coffer's `rule-trace`, opened from the register with
 * `{ transactionId }`): the rules as they are now, run in order on the transaction, each with
 * what its conditions answered and what it set; which rule each field's value comes from; and
 * the rules that met only some of their conditions.
 */
export function RuleTraceModal({ options, active, close }: ModalProps<'rule-trace'>) {
  const store = useStore();
  const fmt = useFormat();
  const names = useRuleNames();
  const formats = useRuleFormats();
  const id = options.transactionId;
  const [trace, setTrace] = useState<Trace | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(async () => {
    const res = await store.backend.send('rules-trace', { transactionId: id });
    if (isFailure(res)) setProblem('This transaction no longer exists.');
    else setTrace(res);
  }, [store, id]);
  useEffect(() => void load(), [load]);
  useTablesChanged(['rules', 'transactions', 'payees', 'payee_mapping'], () => void load());

  const edit = (rule: EditorRule) => store.pushModal('edit-rule', { rule, onSave: () => load() });
  const t = trace?.transaction;
  const show = (field: string, value: unknown) =>
    transactionValueText(field, value, names, formats);

  return (
    <Modal title="Why did this happen?" onClose={close} active={active} width={760}>
      <div className="stack rule-trace">
        {problem && <p role="alert">{problem}</p>}
        {t && trace && (
          <>
            <dl className="trace-transaction" aria-label="Transaction">
              <div>
                <dt>Date</dt>
                <dd>{fmt.date(t.date)}</dd>
              </div>
              <div>
                <dt>Payee</dt>
                <dd>{show('payee', t.payee)}</dd>
              </div>
              {t.imported_payee && (
                <div>
                  <dt>Imported payee</dt>
                  <dd>{t.imported_payee}</dd>
                </div>
              )}
              <div>
                <dt>Category</dt>
                <dd>{show('category', t.category)}</dd>
              </div>
              <div>
                <dt>Amount</dt>
                <dd>
                  <Amount cents={t.amount} />
                </dd>
              </div>
            </dl>
            <p className="subdued">
              The rules as they are now, run in order on this transaction as it is stored. Each rule
              sees what the rules before it set; the last one to set a field wins.
            </p>
            {trace.ran.length === 0 ? (
              <p>No rule applies to this transaction.</p>
            ) : (
              <section aria-label="Rules that ran">
                <h3>
                  {trace.ran.length === 1
                    ? '1 rule ran, in this order:'
                    : `${trace.ran.length} rules ran, in this order:`}
                </h3>
                <ol className="trace-steps">
                  {trace.ran.map((s, i) => (
                    <Step key={s.rule.id} step={s} n={i + 1} ran onEdit={edit} />
                  ))}
                </ol>
                <h3>Where each value comes from</h3>
                <ul className="trace-fields">
                  {fieldSummary(trace).map((f) => (
                    <li key={f.field}>
                      {fieldName(f.field === 'schedule' ? 'Schedule' : f.field)}:{' '}
                      <strong>{show(f.field, f.ruleValue)}</strong> from rule {f.step}
                      {!f.kept && (
                        <span className="trace-differs">
                          {' '}
                          — but it is {show(f.field, f.now)} now: changed since, or the rule is
                          newer than the transaction
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {trace.nearMisses.length > 0 && (
              <section aria-label="Rules that almost ran">
                <h3>Rules that met only some of their conditions</h3>
                <ul className="trace-steps">
                  {trace.nearMisses.map((s) => (
                    <Step key={s.rule.id} step={s} n={0} ran={false} onEdit={edit} />
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
        <DialogFooter>
          <Button type="button" variant="primary" onClick={close}>
            Close
          </Button>
        </DialogFooter>
      </div>
    </Modal>
  );
}

function sameValue(a: unknown, b: unknown): boolean {
  return (a ?? null) === (b ?? null);
}

export default RuleTraceModal;
