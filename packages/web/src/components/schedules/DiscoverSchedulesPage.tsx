import { Placeholder } from '../shell/Pages.tsx';

export function DiscoverSchedulesPage() {
  return <Placeholder title="Found schedules" />;
}

export default DiscoverSchedulesPage;
