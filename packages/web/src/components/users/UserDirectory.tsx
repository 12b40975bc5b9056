import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ServerUser } from '@coffer/core/ui';
import { failureOf } from '../../backend/backend.ts';
import { getUserData, loadAllFiles } from '../../store/actions.ts';
import { useAppState, useStore } from '../../store/context.ts';
import { Button } from '../kit/ui/Button.tsx';
import { ErrorText } from '../kit/ui/ErrorText.tsx';
import { Spinner } from '../kit/ui/Spinner.tsx';
import { adminErrorText, personName, whoAmI } from './users.ts';
import './users.css';

/** Users are off: the password holder turns them on and becomes the owner, an admin. */
function TurnOnUsers({ onDone }: { onDone: () => void }) {
  const store = useStore();
  const [userName, setUserName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="stack"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        const res = await store.backend.send('enable-multiuser', { userName: userName.trim() });
        setBusy(false);
        const failure = failureOf(res);
        if (failure) return setError(adminErrorText(failure));
        onDone();
      }}
    >
      <p>
        Everyone signs in to this server with its one password. Turn on users to give each person
        their own sign-in and share some budgets with them and not others. You become the server’s
        owner, an administrator, and keep every file.
      </p>
      {error && <ErrorText>{error}</ErrorText>}
      <label className="users-field">
        Your username
        <input
          className="input"
          value={userName}
          placeholder="admin"
          onChange={(e) => setUserName(e.target.value)}
        />
      </label>
      <div className="row" style={{ justifyContent: 'flex-end' }}>
        <Button variant="primary" type="submit" disabled={busy}>
          Turn on users
        </Button>
      </div>
    </form>
  );
}

function UserItem({ user, reload }: { user: ServerUser; reload: () => void }) {
  const store = useStore();
  const name = personName(user);
  return (
    <li className="user-item">
      <span className="user-text">
        <span className="user-name">{name}</span>
        <span className="user-details">
          {[
            user.displayName ? user.userName : null,
            user.role === 'ADMIN' ? 'Admin' : 'Basic',
            user.owner ? 'Server owner' : null,
            user.enabled ? null : 'Disabled',
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </span>
      <span className="user-actions">
        <Button
          aria-label={`Edit ${name}`}
          onClick={() => store.pushModal('user-edit', { user, onSaved: reload })}
        >
          Edit
        </Button>
        {!user.owner && (
          <Button
            variant="danger"
            aria-label={`Delete ${name}`}
            onClick={() => store.pushModal('users-delete', { users: [user], onDeleted: reload })}
          >
            Delete
          </Button>
        )}
      </span>
    </li>
  );
}

/**
 * The users page (Actual's User Directory): an admin lists, adds, edits and deletes users.
 * `header`: the file manager's brand and server menu above it.
 */
export function UserDirectory({ header }: { header: React.ReactNode }) {
  const store = useStore();
  const navigate = useNavigate();
  const me = whoAmI(useAppState((s) => s.user));
  const [users, setUsers] = useState<ServerUser[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    const res = await store.backend.send('users-get');
    const failure = failureOf(res);
    if (failure) {
      setError(adminErrorText(failure));
      setUsers([]);
    } else if (Array.isArray(res)) {
      setError(null);
      setUsers(res);
    }
  }, [store]);

  useEffect(() => {
    if (me.multiuser && me.admin) void reload();
  }, [me.multiuser, me.admin, reload]);

  let body: React.ReactNode;
  if (!me.multiuser) {
    body = me.admin ? (
      <TurnOnUsers
        onDone={async () => {
          await getUserData(store);
          await loadAllFiles(store);
        }}
      />
    ) : (
      <p>Sign in to the server to manage its users.</p>
    );
  } else if (!me.admin) {
    body = <p>Only an administrator can manage users.</p>;
  } else if (users === null) {
    body = <Spinner label="Loading users" />;
  } else {
    body = (
      <>
        {error && <ErrorText>{error}</ErrorText>}
        <ul className="user-list" aria-label="Users">
          {users.map((u) => (
            <UserItem key={u.id} user={u} reload={() => void reload()} />
          ))}
        </ul>
        <div className="row" style={{ justifyContent: 'flex-end' }}>
          <Button
            variant="primary"
            onClick={() => store.pushModal('user-edit', { onSaved: () => void reload() })}
          >
            Add user
          </Button>
        </div>
      </>
    );
  }

  return (
    <div className="stack">
      {header}
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h1 style={{ margin: 0 }}>User Directory</h1>
        <Button variant="bare" onClick={() => navigate('/')}>
          Back to files
        </Button>
      </div>
      {body}
    </div>
  );
}
