import { useState } from 'react';
import { deleteBudget } from '../../../store/actions.ts';
import { useStore } from '../../../store/context.ts';
import { Modal } from '../../kit/ui/Modal.tsx';
import { fileDetails } from '../file-details.ts';
import type { ModalProps } from '../../../store/modals.ts';
import { Button } from '../../kit/ui/Button.tsx';

export function DeleteBudgetModal({ options, active, close }: ModalProps<'delete-budget'>) {
  const store = useStore();
  const { file } = options;
  const [busy, setBusy] = useState<'cloud' | 'local' | null>(null);
  const isCloud = Boolean(file.cloudFileId) && file.state !== 'broken' && file.state !== 'local';
  const isLocal = Boolean(file.id);

  async function run(kind: 'cloud' | 'local') {
    setBusy(kind);
    await deleteBudget(store, file.id, kind === 'cloud' ? file.cloudFileId : undefined);
    setBusy(null);
    close();
  }

  return (
    <Modal title={`Delete ${file.name}`} onClose={close} active={active} width={500}>
      <div className="stack">
        {/* Which copy this is, so the right one goes. */}
        <p className="subdued">{fileDetails(file, { sameName: true })}</p>
        {isCloud && (
          <>
            <p>
              This is a <strong>cloud file</strong>. Deleting it removes it from every device and
              from the server. It cannot be undone.
            </p>
            <div>
              <Button variant="primary" disabled={busy !== null} onClick={() => run('cloud')}>
                Delete file from all devices
              </Button>
            </div>
          </>
        )}
        {isLocal && (
          <>
            <p>
              {isCloud
                ? 'You can also delete just the local copy; it can be downloaded again from the server.'
                : file.state === 'broken'
                  ? 'This file belongs to another user or no longer exists on the server; only the local copy can be deleted.'
                  : 'This file is stored only on this device. Deleting it removes it permanently.'}
            </p>
            <div>
              <Button variant="danger" disabled={busy !== null} onClick={() => run('local')}>
                Delete file locally
              </Button>
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}
