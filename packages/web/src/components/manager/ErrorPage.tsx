import { useLocation, useNavigate } from 'react-router';
import { Brand } from './Brand.tsx';
import { Button } from '../kit/ui/Button.tsx';

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
        <Button variant="primary" onClick={() => navigate('/')}>
          Try again
        </Button>
        <Button variant="bare" onClick={() => navigate('/config-server')}>
          Change server URL
        </Button>
      </div>
    </div>
  );
}
