import { useState } from 'react';
import type { UserRole } from '@coffer/core/ui';
import { failureOf } from '../../backend/backend.ts';
import { useStore } from '../../store/context.ts';
import type { ModalProps } from '../../store/modals.ts';
import { Button } from '../kit/ui/Button.tsx';
import { Checkbox } from '../kit/ui/Checkbox.tsx';
import { ErrorText } from '../kit/ui/ErrorText.tsx';
import { DialogFooter, Modal } from '../kit/ui/Modal.tsx';
import { Select } from '../kit/ui/Select.tsx';
import { adminErrorText, personName } from './users.ts';

/** Add a user, or edit one's username, display name, role and whether they may sign in. */
export function UserEditModal({ options, active, close }: ModalProps<'user-edit'>) {
  const store = useStore();
  const { user, onSaved } = options;
  const [userName, setUserName] = useState(user?.userName ?? '');
  const [displayName, setDisplayName] = useState(user?.displayName ?? '');
  const [role, setRole] = useState<UserRole>(user?.role ?? 'BASIC');
  const [enabled, setEnabled] = useState(user?.enabled ?? true);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The server's owner stays an enabled admin: only their names change.
  const owner = user?.owner === true;

  async function save() {
    setBusy(true);
    const fields = {
      userName: userName.trim(),
      displayName: displayName.trim() || null,
      role,
      enabled,
    };
    const res = user
      ? await store.backend.send('user-update', { id: user.id, ...fields })
      : await store.backend.send('user-add', fields);
    setBusy(false);
    const failure = failureOf(res);
    if (failure) return setError(adminErrorText(failure));
    onSaved();
    close();
  }

  return (
    <Modal
      title={user ? `Edit ${personName(user)}` : 'Add user'}
      onClose={close}
      active={active}
      width={440}
    >
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {error && <ErrorText>{error}</ErrorText>}
        <label className="users-field">
          Username
          <input
            className="input"
            value={userName}
            autoComplete="off"
            onChange={(e) => setUserName(e.target.value)}
          />
        </label>
        <span className="subdued" style={{ fontSize: 12 }}>
          The name the person’s OpenID provider gives them.
        </span>
        <label className="users-field">
          Display name
          <input
            className="input"
            value={displayName}
            autoComplete="off"
            onChange={(e) => setDisplayName(e.target.value)}
          />
        </label>
        <label className="users-field">
          Role
          <Select
            label="Role"
            value={role}
            disabled={owner}
            onChange={(e) => setRole(e.target.value === 'ADMIN' ? 'ADMIN' : 'BASIC')}
          >
            <option value="BASIC">Basic: their own and shared files</option>
            <option value="ADMIN">Admin: every file, users and sharing</option>
          </Select>
        </label>
        <Checkbox checked={enabled} disabled={owner} onChange={(e) => setEnabled(e.target.checked)}>
          Enabled (may sign in)
        </Checkbox>
        <DialogFooter>
          <Button type="button" onClick={close}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" disabled={busy}>
            {user ? 'Save' : 'Add user'}
          </Button>
        </DialogFooter>
      </form>
    </Modal>
  );
}

/** Deleting users, confirmed: their files go back to the server's owner. */
export function DeleteUsersModal({ options, active, close }: ModalProps<'users-delete'>) {
  const store = useStore();
  const { users, onDeleted } = options;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const names = users.map(personName).join(', ');
  return (
    <Modal title={`Delete ${names}`} onClose={close} active={active} width={440}>
      <div className="stack">
        <p>
          {users.length === 1 ? `${names} is` : `${names} are`} signed out and can no longer sign
          in. Their files go to the server’s owner. This cannot be undone.
        </p>
        {error && <ErrorText>{error}</ErrorText>}
        <DialogFooter>
          <Button onClick={close}>Cancel</Button>
          <Button
            variant="danger"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              const res = await store.backend.send('user-delete-all', {
                ids: users.map((u) => u.id),
              });
              setBusy(false);
              const failure = failureOf(res);
              if (failure) return setError(adminErrorText(failure));
              onDeleted();
              close();
            }}
          >
            Delete
          </Button>
        </DialogFooter>
      </div>
    </Modal>
  );
}
