import { Placeholder } from '../shell/Pages.tsx';

export function ScheduleEditPage() {
  return <Placeholder title="Schedule" />;
}

export default ScheduleEditPage;
