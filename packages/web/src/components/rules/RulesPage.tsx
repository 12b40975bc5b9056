import { RulesList } from './RulesList.tsx';

/** `/rules`: every rule, in the order they run. */
export function RulesPage() {
  return (
    <div className="page rules-page">
      <h1>Rules</h1>
      <RulesList />
    </div>
  );
}

export default RulesPage;
