import {
  actionSentence,
  actionWords,
  conditionSentence,
  conditionWords,
  type RowWords,
  type RuleFormats,
  type RuleNames,
  type RuleRow,
} from './rule-text.ts';
import './conditions.css';

interface SummaryProps {
  rule: { conditionsOp?: string; conditions: RuleRow[]; actions: RuleRow[] };
  names: RuleNames;
  formats: RuleFormats;
}

/** One condition or action: the words, with the value set apart. Spaces are real text. */
function Phrase({ words, order }: { words: RowWords; order: 'condition' | 'action' }) {
  const [a, b] = order === 'condition' ? [words.field, words.op] : [words.op, words.field];
  return (
    <span className={`rule-phrase rule-${order}`}>
      <span className="rule-phrase-word">{a}</span>
      {b && (
        <>
          {' '}
          <span className="rule-phrase-word">{b}</span>
        </>
      )}{' '}
      <span className="rule-phrase-value">{words.value}</span>
    </span>
  );
}

/**
 * A rule in words: on one line as the rules list shows it (its conditions, an arrow, its
 * actions), or with `lines` as a list of sentences, one a condition or action (a schedule's
 * rule).
 */
export function RuleSummary(props: SummaryProps & { lines?: boolean }) {
  return props.lines ? <RuleLines {...props} /> : <RuleLine {...props} />;
}

function RuleLines({ rule, names, formats }: SummaryProps) {
  return (
    <ul className="rule-lines" aria-label="Rule conditions">
      {rule.conditions.map((c, i) => (
        <li key={i}>
          {i > 0 && <span className="subdued">{rule.conditionsOp === 'or' ? 'or ' : 'and '}</span>}
          {conditionSentence(c, names, formats)}
        </li>
      ))}
      {rule.actions.map((a, i) => (
        <li key={`a${i}`} className="rule-action">
          <span aria-hidden="true">→ </span>
          {actionSentence(a, names, formats)}
        </li>
      ))}
    </ul>
  );
}

function RuleLine({ rule, names, formats }: SummaryProps) {
  const join = rule.conditionsOp === 'or' ? 'or' : 'and';
  return (
    <span className="rule-summary">
      {rule.conditions.map((c, i) => (
        <span key={`c${i}`} className="rule-summary-item">
          {i > 0 && (
            <>
              {' '}
              <span className="rule-join">{join}</span>{' '}
            </>
          )}
          <Phrase words={conditionWords(c, names, formats)} order="condition" />
        </span>
      ))}{' '}
      <span className="rule-arrow">→</span>{' '}
      {rule.actions.map((a, i) => (
        <span key={`a${i}`} className="rule-summary-item">
          <Phrase words={actionWords(a, names, formats)} order="action" />
          {i < rule.actions.length - 1 && (
            <>
              <span className="rule-join">,</span>{' '}
            </>
          )}
        </span>
      ))}
    </span>
  );
}
