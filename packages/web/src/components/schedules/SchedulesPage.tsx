import { Placeholder } from '../shell/Pages.tsx';

export function SchedulesPage() {
  return <Placeholder title="Schedules" />;
}

export default SchedulesPage;
