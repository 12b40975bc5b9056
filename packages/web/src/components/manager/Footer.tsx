import { Link } from 'react-router';
import { useAppState } from '../../store/context.ts';
import { APP_VERSION } from '../../store/version.ts';

export function ManagerFooter({ onRefresh: _onRefresh }: { onRefresh: () => void }) {
  const serverUrl = useAppState((s) => s.serverUrl);
  const serverVersion = useAppState((s) => s.serverVersion);
  return (
    <footer className="manager-footer">
      <div>
        {serverUrl ? `Using server: ${serverUrl}` : 'No server configured'}{' '}
        <Link to="/config-server">Change</Link>
      </div>
      <div>
        App: v{APP_VERSION} | Server: {serverVersion ? `v${serverVersion}` : 'N/A'}
      </div>
    </footer>
  );
}
