import { Spinner } from './Spinner.tsx';

export function LoadingScreen({ text }: { text?: string | null }) {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <div style={{ fontSize: 18 }}>{text || 'Loading...'}</div>
      <Spinner late label={text || 'Loading'} />
    </div>
  );
}
