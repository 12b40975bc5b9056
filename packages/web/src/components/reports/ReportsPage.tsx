import { Placeholder } from '../shell/Pages.tsx';

export function ReportsPage() {
  return <Placeholder title="Reports" />;
}

export default ReportsPage;
