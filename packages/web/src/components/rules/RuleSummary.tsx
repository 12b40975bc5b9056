import type { EditorRule } from './rule-editor.ts';
import {
  actionWords,
  conditionWords,
  type RowWords,
  type RuleFormats,
  type RuleNames,
} from './rule-text.ts';

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

/** A rule as the list shows it: its conditions, an arrow, its actions. */
export function RuleSummary({
  rule,
  names,
  formats,
}: {
  rule: Pick<EditorRule, 'conditions' | 'actions' | 'conditionsOp'>;
  names: RuleNames;
  formats: RuleFormats;
}) {
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
