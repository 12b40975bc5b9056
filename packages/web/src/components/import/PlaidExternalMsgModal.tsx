import { useStore } from '../../store/context.ts';
import type { ModalProps } from '../../store/modals.ts';
import { DialogFooter, Modal } from '../kit/ui/Modal.tsx';
import { Button } from '../kit/ui/Button.tsx';

/**
 * plaid-external-msg: the spec keeps the name of the old Plaid link modal. Coffer links banks
 * through its bank-data providers (GoCardless first), so this one says so and moves on to the
 * provider's Link Your Bank modal.
 */
export function PlaidExternalMsgModal({
  options,
  active,
  close,
}: ModalProps<'plaid-external-msg'>) {
  const store = useStore();
  return (
    <Modal title="Link Your Bank in browser" onClose={close} active={active} width={500}>
      <div className="stack">
        <p>
          Plaid bank linking is not available in Coffer. Banks are linked through GoCardless
          instead, which reaches banks in 31 European countries.
        </p>
        <DialogFooter>
          <Button type="button" variant="bare" onClick={close}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="primary"
            onClick={() => store.replaceModal('gocardless-external-msg', options)}
          >
            Link with GoCardless
          </Button>
        </DialogFooter>
      </div>
    </Modal>
  );
}

export default PlaidExternalMsgModal;
