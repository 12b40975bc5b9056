import { useState } from 'react';
import { useAppState, useStore } from '../../store/context.ts';
import { failureCode } from '../../backend/backend.ts';
import { Button } from '../kit/ui/Button.tsx';

export function EncryptionSettings() {
  const store = useStore();
  const serverUrl = useAppState((s) => s.serverUrl);
  const encryptKeyId = useAppState((s) => s.prefs?.encryptKeyId);
  const secure = window.isSecureContext && Boolean(window.crypto?.subtle);

  let body: React.ReactNode;
  if (encryptKeyId) {
    body = (
      <>
        <p className="positive">✓ End-to-end Encryption is turned on.</p>
        <p className="subdued">
          Your data is encrypted with a key that only you have before it is sent to the server.
        </p>
        <div>
          <Button onClick={() => store.pushModal('create-encryption-key', { recreate: true })}>
            Generate new key
          </Button>
        </div>
      </>
    );
  } else if (!serverUrl) {
    body = (
      <p>
        End-to-end encryption is not available when running without a server. Budget files are
        always kept unencrypted locally.
      </p>
    );
  } else if (!secure) {
    body = (
      <p>
        End-to-end encryption is not available when not using HTTPS. Serve Coffer over HTTPS to
        enable it.
      </p>
    );
  } else {
    body = (
      <>
        <p>
          End-to-end encryption is not enabled. Any data on the server is still protected by the
          server password, but it is not end-to-end encrypted, so the server owner can read it.
        </p>
        <div>
          <Button variant="primary" onClick={() => store.pushModal('create-encryption-key')}>
            Enable encryption
          </Button>
        </div>
      </>
    );
  }
  return (
    <section className="card settings-section" aria-label="End-to-end Encryption">
      <h2>End-to-end Encryption</h2>
      {body}
    </section>
  );
}

export function ExportData() {
  const store = useStore();
  const budgetId = useAppState((s) => s.prefs?.id);
  const encrypted = useAppState((s) => Boolean(s.prefs?.encryptKeyId));
  const [error, setError] = useState<string | null>(null);

  async function exportData() {
    setError(null);
    const res = await store.backend.send('export-budget');
    const code = failureCode(res);
    const data = res instanceof Uint8Array ? res : (res as { data?: Uint8Array })?.data;
    if (code || !data) return setError('An unknown error occurred while exporting the budget.');
    const today = new Date().toISOString().slice(0, 10);
    const url = URL.createObjectURL(new Blob([data as BlobPart], { type: 'application/zip' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${today}-${budgetId}.zip`;
    a.click();
    URL.revokeObjectURL(url);
  }

  return (
    <section className="card settings-section" aria-label="Export">
      <h2>Export</h2>
      <div>
        <Button onClick={exportData}>Export data</Button>
      </div>
      {error && <div className="error-text">{error}</div>}
      <p className="subdued">
        Exporting your data gives you a zip file holding your budget database and metadata. You can
        import it into Coffer on any device.
        {encrypted &&
          ' Even though encryption is enabled, the exported zip file will not be encrypted.'}
      </p>
    </section>
  );
}
