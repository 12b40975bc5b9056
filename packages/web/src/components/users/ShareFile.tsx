import { useCallback, useEffect, useState } from 'react';
import type { AvailableUser } from '@coffer/core/ui';
import { failureOf } from '../../backend/backend.ts';
import { loadAllFiles } from '../../store/actions.ts';
import { useAppState, useStore } from '../../store/context.ts';
import type { ModalProps } from '../../store/modals.ts';
import { Button } from '../kit/ui/Button.tsx';
import { ErrorText } from '../kit/ui/ErrorText.tsx';
import { DialogFooter, Modal } from '../kit/ui/Modal.tsx';
import { Select } from '../kit/ui/Select.tsx';
import { Spinner } from '../kit/ui/Spinner.tsx';
import { adminErrorText, personName, whoAmI } from './users.ts';

/**
 * A file's sharing, for its owner and admins: who has access, giving a user access, taking it
 * away, and handing the file over to another user.
 */
export function ShareFileModal({ options, active, close }: ModalProps<'share-file'>) {
  const store = useStore();
  const fileId = options.file.cloudFileId ?? '';
  // The file as the list now has it: its owner changes when it is handed over.
  const file = useAppState((s) => s.files?.find((f) => f.cloudFileId === fileId)) ?? options.file;
  const me = whoAmI(useAppState((s) => s.user));
  const [users, setUsers] = useState<AvailableUser[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    const res = await store.backend.send('access-get-available-users', { fileId });
    const failure = failureOf(res);
    if (failure) setError(adminErrorText(failure));
    setUsers(Array.isArray(res) ? res : []);
  }, [store, fileId]);

  useEffect(() => void reload(), [reload]);

  /** One change, then the lists again; a refusal is shown and nothing else moves. */
  async function change(run: () => Promise<unknown>): Promise<boolean> {
    setBusy(true);
    setError(null);
    const failure = failureOf(await run());
    if (failure) setError(adminErrorText(failure));
    await Promise.all([reload(), loadAllFiles(store)]);
    setBusy(false);
    return !failure;
  }

  const owner = file.usersWithAccess?.find((u) => u.owner);
  const shared = users?.filter((u) => u.haveAccess) ?? [];
  const others = users?.filter((u) => !u.haveAccess) ?? [];
  const mayTransfer = me.admin || (me.id !== null && file.owner === me.id);

  return (
    <Modal title={`Share ${file.name}`} onClose={close} active={active} width={480}>
      <div className="stack">
        {error && <ErrorText>{error}</ErrorText>}
        <section className="share-section" aria-label="Who has access">
          <h3>Who has access</h3>
          {users === null ? (
            <Spinner label="Loading users" />
          ) : (
            <ul className="user-list">
              {owner && (
                <li className="user-item">
                  <span className="user-text">
                    <span className="user-name">{personName(owner)}</span>
                    <span className="user-details">Owner</span>
                  </span>
                </li>
              )}
              {shared.map((u) => (
                <li className="user-item" key={u.userId}>
                  <span className="user-text">
                    <span className="user-name">{personName(u)}</span>
                    <span className="user-details">Can open and edit</span>
                  </span>
                  <Button
                    aria-label={`Remove ${personName(u)}`}
                    disabled={busy}
                    onClick={() =>
                      change(() =>
                        store.backend.send('access-delete-all', { fileId, ids: [u.userId] }),
                      )
                    }
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <GiveAccess
          others={others}
          busy={busy}
          give={(userId) => change(() => store.backend.send('access-add', { fileId, userId }))}
        />
        {mayTransfer && (users?.length ?? 0) > 0 && (
          <TransferOwnership
            users={users ?? []}
            fileName={file.name}
            busy={busy}
            transfer={(newUserId) =>
              change(() => store.backend.send('transfer-ownership', { fileId, newUserId }))
            }
          />
        )}
        <DialogFooter>
          <Button onClick={close}>Done</Button>
        </DialogFooter>
      </div>
    </Modal>
  );
}

/** Give a user who has no access yet the right to open and edit the file. */
function GiveAccess({
  others,
  busy,
  give,
}: {
  others: AvailableUser[];
  busy: boolean;
  give: (userId: string) => Promise<boolean>;
}) {
  const [pick, setPick] = useState('');
  return (
    <section className="share-section" aria-label="Give access">
      <h3>Give access</h3>
      {others.length === 0 ? (
        <p className="subdued">No other users to share this file with.</p>
      ) : (
        <div className="share-pick">
          <Select
            label="User to give access"
            value={pick}
            onChange={(e) => setPick(e.target.value)}
          >
            <option value="">Choose a user</option>
            {others.map((u) => (
              <option key={u.userId} value={u.userId}>
                {personName(u)}
              </option>
            ))}
          </Select>
          <Button
            variant="primary"
            disabled={busy || !pick}
            onClick={async () => {
              if (await give(pick)) setPick('');
            }}
          >
            Give access
          </Button>
        </div>
      )}
    </section>
  );
}

/** Hand the file to another user, after a confirmation that says what it means. */
function TransferOwnership({
  users,
  fileName,
  busy,
  transfer,
}: {
  users: AvailableUser[];
  fileName: string;
  busy: boolean;
  transfer: (userId: string) => Promise<boolean>;
}) {
  const [newOwner, setNewOwner] = useState('');
  const [confirming, setConfirming] = useState(false);
  const chosenOwner = users.find((u) => u.userId === newOwner);
  return (
    <section className="share-section" aria-label="Transfer ownership">
      <h3>Transfer ownership</h3>
      <div className="share-pick">
        <Select
          label="New owner"
          value={newOwner}
          onChange={(e) => {
            setNewOwner(e.target.value);
            setConfirming(false);
          }}
        >
          <option value="">Choose a user</option>
          {users.map((u) => (
            <option key={u.userId} value={u.userId}>
              {personName(u)}
            </option>
          ))}
        </Select>
        <Button disabled={busy || !newOwner} onClick={() => setConfirming(true)}>
          Transfer ownership
        </Button>
      </div>
      {confirming && chosenOwner && (
        <div className="stack" role="group" aria-label="Confirm the transfer">
          <p>
            Make {personName(chosenOwner)} the owner of {fileName}? They decide who can use it from
            now on.
          </p>
          <DialogFooter>
            <Button onClick={() => setConfirming(false)}>Cancel</Button>
            <Button
              variant="danger"
              disabled={busy}
              onClick={async () => {
                if (await transfer(newOwner)) {
                  setConfirming(false);
                  setNewOwner('');
                }
              }}
            >
              Make owner
            </Button>
          </DialogFooter>
        </div>
      )}
    </section>
  );
}
