import { Placeholder } from '../shell/Pages.tsx';

export function RulesPage() {
  return <Placeholder title="Rules" />;
}

export default RulesPage;
