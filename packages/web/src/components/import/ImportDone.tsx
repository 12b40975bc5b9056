import { useState } from 'react';

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
      <div className="modal-footer">
        <button
          type="button"
          className="btn"
          disabled={undoing}
          onClick={() => {
            setUndoing(true);
            void onUndo();
          }}
        >
          Undo import
        </button>
        <button type="button" className="btn btn-primary" autoFocus onClick={onClose}>
          Done
        </button>
      </div>
    </div>
  );
}
