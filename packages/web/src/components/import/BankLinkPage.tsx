import { Placeholder } from '../shell/Pages.tsx';

export function BankLinkPage() {
  return <Placeholder title="Link your bank" />;
}

export default BankLinkPage;
