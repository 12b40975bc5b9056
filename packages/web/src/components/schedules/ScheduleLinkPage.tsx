import { Placeholder } from '../shell/Pages.tsx';

export function ScheduleLinkPage() {
  return <Placeholder title="Link schedule" />;
}

export default ScheduleLinkPage;
