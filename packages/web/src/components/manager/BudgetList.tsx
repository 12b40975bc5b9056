import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  createBudget,
  downloadBudget,
  getUserData,
  loadAllFiles,
  loadBudget,
  openDemoBudget,
  signOut,
} from '../../store/actions.ts';
import { useAppState, useStore } from '../../store/context.ts';
import type { FileEntry } from '../../store/types.ts';
import { IS_DEV } from '../../store/version.ts';
import { MenuButton } from '../kit/ui/Menu.tsx';
import { Spinner } from '../kit/ui/Spinner.tsx';
import { Brand } from './Brand.tsx';
import {
  FILE_STATUS_TEXT,
  type FileStatus,
  fileDetails,
  fileIdentity,
  fileStatus,
  repeatedNames,
} from './file-details.ts';
import { DeviceIcon, KeyIcon } from './file-icons.tsx';
import { Button } from '../kit/ui/Button.tsx';
import { canShare, sharingLine, whoAmI } from '../users/users.ts';

const STATUS_ICON: Record<FileStatus, React.ReactNode> = {
  unknown: '⚠',
  remote: '☁',
  local: <DeviceIcon />,
  syncing: '⟳',
  synced: '✓',
  reset: '⚠',
};

function FileItem({ file, sameName }: { file: FileEntry; sameName: boolean }) {
  const store = useStore();
  const openId = useAppState((s) => s.prefs?.id ?? null);
  const syncState = useAppState((s) => s.syncState);
  const status = fileStatus(file, { openId, syncState });
  const me = whoAmI(useAppState((s) => s.user));
  const sharing = sharingLine(file, me);
  return (
    <li className="file-item">
      <Button
        variant="plain"
        className="file-open"
        onClick={() =>
          file.state === 'remote'
            ? downloadBudget(store, file.cloudFileId as string)
            : loadBudget(store, file.id as string)
        }
      >
        <span className="file-text">
          <span className="file-name">{file.name}</span>
          <span className="file-details">{fileDetails(file, { openId, sameName })}</span>
          {sharing && <span className="file-details">{sharing}</span>}
        </span>
        <span className="file-state">
          {file.encryptKeyId && (
            <span
              className="file-key"
              role="img"
              title={file.hasKey ? 'Encrypted (key on this device)' : 'Encrypted'}
              aria-label="Encrypted"
            >
              <KeyIcon />
            </span>
          )}
          <span className="file-state-icon" aria-hidden="true">
            {STATUS_ICON[status]}
          </span>
          {FILE_STATUS_TEXT[status]}
        </span>
      </Button>
      <MenuButton
        label="⋯"
        ariaLabel={`Menu for ${file.name}${sameName ? ` (${fileIdentity(file)})` : ''}`}
        align="right"
        items={[
          ...(canShare(file, me) ? [{ name: 'share', text: 'Share' }] : []),
          { name: 'delete', text: 'Delete' },
        ]}
        onSelect={(name) =>
          name === 'share'
            ? store.pushModal('share-file', { file })
            : store.pushModal('delete-budget', { file })
        }
      />
    </li>
  );
}

export function UserMenu() {
  const store = useStore();
  const navigate = useNavigate();
  const serverUrl = useAppState((s) => s.serverUrl);
  const user = useAppState((s) => s.user);
  const me = whoAmI(user);
  if (!serverUrl) {
    return (
      <Button variant="bare" onClick={() => navigate('/config-server')}>
        Start using a server
      </Button>
    );
  }
  return (
    <MenuButton
      label={user?.offline ? 'Server offline' : 'Server online'}
      align="right"
      items={[
        ...(user && !user.offline ? [{ name: 'change-password', text: 'Change password' }] : []),
        // Admins manage users; the password holder turns them on there.
        ...(me.admin ? [{ name: 'user-directory', text: 'User Directory' }] : []),
        { name: 'sign-out', text: 'Sign out' },
        { name: 'config-server', text: 'Change server URL' },
      ]}
      onSelect={async (name) => {
        if (name === 'change-password') navigate('/change-password');
        else if (name === 'user-directory') navigate('/user-directory');
        else if (name === 'config-server') navigate('/config-server');
        else {
          await signOut(store);
          navigate('/login');
        }
      }}
    />
  );
}

export function BudgetList() {
  const store = useStore();
  const files = useAppState((s) => s.files);
  const [refreshing, setRefreshing] = useState(false);

  async function refresh() {
    setRefreshing(true);
    await getUserData(store);
    await loadAllFiles(store);
    setRefreshing(false);
  }

  const buttons = (
    <div className="row" style={{ justifyContent: 'flex-end', marginTop: 16 }}>
      <Button variant="bare" onClick={() => store.pushModal('import')}>
        Import file
      </Button>
      <Button onClick={() => openDemoBudget(store)}>Try the demo budget</Button>
      {IS_DEV && <Button onClick={() => createBudget(store, true)}>Create test file</Button>}
      <Button variant="primary" onClick={() => createBudget(store)}>
        Create new file
      </Button>
    </div>
  );

  if (files === null) return <Spinner label="Loading files" />;
  const repeated = repeatedNames(files);

  return (
    <div className="stack">
      {/* flex-start: the brand's bottom margin would push a centered menu below its line. */}
      <div className="row" style={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Brand />
        <UserMenu />
      </div>
      {files.length === 0 ? (
        <div className="stack">
          <h1>Let’s get started!</h1>
          <p>
            If you are new to Coffer, create a new file: it starts with a default set of categories
            you can change. You can also import a file exported from Coffer or another budgeting
            app. To look around first, try the demo budget: made-up accounts, budgets and
            transactions, kept on this device only.
          </p>
          {buttons}
        </div>
      ) : (
        <>
          <div className="row" style={{ justifyContent: 'space-between' }}>
            <h1 style={{ margin: 0 }}>Files</h1>
            <Button
              variant="bare"
              aria-label="Refresh"
              title="Refresh"
              disabled={refreshing}
              onClick={refresh}
            >
              {refreshing ? <Spinner small /> : '↻'}
            </Button>
          </div>
          <ul className="file-list" aria-label="Files">
            {files.map((f) => (
              <FileItem
                key={f.id ?? f.cloudFileId}
                file={f}
                sameName={repeated.has(f.name.toLowerCase())}
              />
            ))}
          </ul>
          {buttons}
        </>
      )}
    </div>
  );
}
