import { loadPayees } from '../../store/actions.ts';
import { useAppState, useStore } from '../../store/context.ts';
import type { ModalProps } from '../../store/modals.ts';
import { DialogFooter, Modal } from '../kit/ui/Modal.tsx';
import { Button } from '../kit/ui/Button.tsx';

export function MergeUnusedPayeesModal({
  options,
  active,
  close,
}: ModalProps<'merge-unused-payees'>) {
  const store = useStore();
  const payees = useAppState((s) => s.payees);
  const ids = options.payeeIds ?? [];
  const target = payees.find((p) => p.id === options.targetPayeeId);
  const unused = payees.filter((p) => ids.includes(p.id));
  if (!target || unused.length === 0) return null;

  async function merge() {
    await store.backend.send('payees-merge', {
      targetId: target!.id,
      mergeIds: unused.map((p) => p.id),
    });
    await loadPayees(store);
    close();
  }

  return (
    <Modal title="Merge payee?" onClose={close} active={active} width={500}>
      <div className="stack">
        <p>
          {unused.length === 1 ? 'The payee' : 'The payees'}{' '}
          <strong>{unused.map((p) => p.name).join(', ')}</strong>{' '}
          {unused.length === 1 ? 'is' : 'are'} not used by any transaction now. Merge into{' '}
          <strong>{target.name}</strong>? Merging keeps future imports with the old name assigned to{' '}
          {target.name}.
        </p>
        <DialogFooter>
          <Button onClick={close}>Do nothing</Button>
          <Button variant="primary" onClick={merge}>
            Merge
          </Button>
        </DialogFooter>
      </div>
    </Modal>
  );
}
