import { useEffect, useState } from 'react';
import { useStore } from '../../../store/context.ts';
import type { ModalProps } from '../../../store/modals.ts';
import type { AnswerOf } from '../../../backend/backend.ts';
import { Modal } from '../../kit/ui/Modal.tsx';
import { Button } from '../../kit/ui/Button.tsx';

type Backup = AnswerOf<'backups-get'>[number];

export function LoadBackupModal({ options, active, close }: ModalProps<'load-backup'>) {
  const store = useStore();
  const budgetId = options.budgetId ?? store.get().prefs?.id ?? '';
  const [backups, setBackups] = useState<Backup[] | null>(null);

  useEffect(() => {
    void store.backend
      .send('backups-get', { id: budgetId })
      .then((res) => setBackups(Array.isArray(res) ? res : []));
  }, [store, budgetId]);

  return (
    <Modal title="Load Backup" onClose={close} active={active}>
      <div className="stack">
        <p>You can load a previous version of this budget. The current state is backed up first.</p>
        {backups && backups.length === 0 && <p className="subdued">No backups available</p>}
        <ul className="file-list" style={{ maxHeight: 200, overflow: 'auto' }}>
          {(backups ?? []).map((b) => (
            <li key={b.id}>
              <Button
                variant="bare"
                onClick={async () => {
                  await store.backend.send('backup-load', { id: budgetId, backupId: b.id });
                  close();
                }}
              >
                {b.isLatest ? 'Revert to before the last backup' : b.date}
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </Modal>
  );
}
