import { useLocation } from 'react-router';
import { checkManageRules, type ModalProps } from '../../store/modals.ts';
import { Modal } from '../kit/ui/Modal.tsx';
import { RulesList } from './RulesList.tsx';

/**
 * The rules list in a modal (spec: manage-rules, over the payees page): `{ payeeId }` limits it
 * to that payee's rules; `onChange` tells the page a rule was saved or deleted. Opened anywhere
 * else without `allowlisted`, it is a bug, and says so.
 */
export function ManageRulesModal({ options, active, close }: ModalProps<'manage-rules'>) {
  const { pathname } = useLocation();
  const problem = checkManageRules(pathname, options.allowlisted === true);
  if (problem) throw new Error(problem);
  return (
    <Modal title="Rules" onClose={close} active={active} width={900} className="rules-modal">
      <RulesList payeeId={options.payeeId} onChange={options.onChange} />
    </Modal>
  );
}

export default ManageRulesModal;
