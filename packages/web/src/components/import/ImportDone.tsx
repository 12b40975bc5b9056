import { useState } from 'react';
import { DialogFooter } from '../kit/ui/Modal.tsx';
import { Button } from '../kit/ui/Button.tsx';

export interface DoneCounts {
  added: number;
  updated: number;
  unchanged: number;
}

const n = (count: number) => count.toLocaleString('en-US');

/** The counts of a finished import, with its undo (the import is one undo step). */
export function ImportDone({
  accountName,
  counts,
  onUndo,
  onClose,
}: {
  accountName: string;
  counts: DoneCounts;
  onUndo: () => Promise<void>;
  onClose: () => void;
}) {
  const [undoing, setUndoing] = useState(false);
  return (
    <div className="stack import-done">
      <p role="status">
        Imported into <strong>{accountName}</strong>.
      </p>
      <dl className="import-counts" aria-label="Import results">
        <div>
          <dt>Added</dt>
          <dd>{n(counts.added)}</dd>
        </div>
        <div>
          <dt>Updated</dt>
          <dd>{n(counts.updated)}</dd>
        </div>
        <div>
          <dt>Already there</dt>
          <dd>{n(counts.unchanged)}</dd>
        </div>
      </dl>
      <p className="subdued">
        Matched transactions keep your payee, category and notes. Undo puts the account back as it
        was before the import.
      </p>
      <DialogFooter>
        <Button
          type="button"
          disabled={undoing}
          onClick={() => {
            setUndoing(true);
            void onUndo();
          }}
        >
          Undo import
        </Button>
        <Button type="button" variant="primary" autoFocus onClick={onClose}>
          Done
        </Button>
      </DialogFooter>
    </div>
  );
}
