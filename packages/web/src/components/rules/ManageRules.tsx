import type { ModalProps } from '../app/ModalHost.tsx';
import { Modal } from '../kit/ui/Modal.tsx';
import { RulesList } from './RulesList.tsx';

/**
 * The rules list in a modal (spec: manage-rules, over the payees page): `{ payeeId }` limits it
 * to that payee's rules; `onChange` tells the page a rule was saved or deleted.
 */
export function ManageRulesModal({ options, active, close }: ModalProps) {
  return (
    <Modal title="Rules" onClose={close} active={active} width={900} className="rules-modal">
      <RulesList
        payeeId={options.payeeId as string | undefined}
        onChange={options.onChange as (() => void) | undefined}
      />
    </Modal>
  );
}

export default ManageRulesModal;
