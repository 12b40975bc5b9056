import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useStore } from '../../store/context.ts';
import { DialogFooter, Modal } from '../kit/ui/Modal.tsx';
import { usePayeeName } from '../kit/pickers/Pickers.tsx';
import { postTransactionsText } from './schedule-logic.ts';
import './schedules.css';
import { Button } from '../kit/ui/Button.tsx';

/**
 * `/schedule/posts-offline-notification`, the 'Post transactions?' modal: the daily run found
 * schedules due today but the last sync failed, so another device may already have posted
 * them. The `schedules-offline` event brings the payees (ids) in the route state.
 */
export function PostTransactions() {
  const store = useStore();
  const navigate = useNavigate();
  const payeeName = usePayeeName();
  const location = useLocation();
  const state = location.state as { payees?: unknown[] } | null;
  const [posting, setPosting] = useState(false);
  const names = (state?.payees ?? [])
    .map((p) =>
      typeof p === 'string'
        ? payeeName(p) || p
        : p && typeof p === 'object' && 'name' in p
          ? String((p as { name: unknown }).name)
          : '',
    )
    .filter(Boolean);
  // Back to the page it came up over (or the budget, when it was the first page).
  const back = () => (location.key === 'default' ? navigate('/budget') : navigate(-1));
  return (
    <Modal title="Post transactions?" onClose={back} width={500}>
      <div className="stack post-transactions">
        <p>{postTransactionsText(names)}</p>
        <p className="subdued">
          Transactions for due schedules are usually added automatically, but the last sync did not
          get through, so another device may already have added them; posting here could then make
          duplicates. You can also post a due schedule later from its action menu on the schedules
          page.
        </p>
        <DialogFooter>
          <Button type="button" onClick={back}>
            Decide later
          </Button>
          <Button
            type="button"
            variant="primary"
            disabled={posting}
            onClick={async () => {
              setPosting(true);
              await store.backend.send('schedule/force-run-service');
              back();
            }}
          >
            Post transactions
          </Button>
        </DialogFooter>
      </div>
    </Modal>
  );
}

export default PostTransactions;
