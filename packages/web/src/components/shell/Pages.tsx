import { useLocation, useNavigate } from 'react-router';
import { useStore } from '../../app/context.ts';

export function Placeholder({ title }: { title: string }) {
  return (
    <div className="page">
      <h1>{title}</h1>
      <p className="subdued">This area is not part of this build yet.</p>
    </div>
  );
}

export function PostTransactions() {
  const store = useStore();
  const navigate = useNavigate();
  const { state } = useLocation() as {
    state: { payees?: Array<{ name?: string } | string> } | null;
  };
  const payees = (state?.payees ?? []).map((p) => (typeof p === 'string' ? p : (p.name ?? '')));
  return (
    <div className="modal-overlay">
      <div
        className="modal card stack"
        role="dialog"
        aria-labelledby="post-title"
        style={{ width: 500 }}
      >
        <h2 id="post-title">Post transactions?</h2>
        <p>
          {payees.length > 0
            ? `The payees ${payees.join(', ')} have schedules that are due today.`
            : 'Some schedules are due today.'}{' '}
          Usually transactions are created for these schedules automatically, but you are offline.
          Post them now? Another device may already have created them; if so, you will see
          duplicates. You can also post a due schedule later from its action menu.
        </p>
        <div className="modal-footer">
          <button className="btn" onClick={() => navigate(-1)}>
            Decide later
          </button>
          <button
            className="btn btn-primary"
            onClick={async () => {
              await store.backend.send('schedule/force-run-service');
              navigate(-1);
            }}
          >
            Post transactions
          </button>
        </div>
      </div>
    </div>
  );
}
