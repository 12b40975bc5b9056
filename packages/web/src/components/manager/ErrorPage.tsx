import { useLocation, useNavigate } from 'react-router';
import { Brand } from './Brand.tsx';

export function ErrorPage() {
  const navigate = useNavigate();
  const { state } = useLocation() as { state: { error?: string } | null };
  const message =
    state?.error === 'network-failure'
      ? 'Unable to access server. Make sure the configured URL for the server is accessible.'
      : 'Server returned an error while checking its status.';
  return (
    <div className="stack">
      <Brand />
      <h1>Server error</h1>
      <p role="alert">{message}</p>
      <div className="row">
        <button className="btn btn-primary" onClick={() => navigate('/')}>
          Try again
        </button>
        <button className="btn btn-bare" onClick={() => navigate('/config-server')}>
          Change server URL
        </button>
      </div>
    </div>
  );
}
