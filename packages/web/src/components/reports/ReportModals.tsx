import { type FormEvent, useState } from 'react';
import type { ModalProps } from '../../store/modals.ts';
import { DialogFooter, Modal } from '../kit/ui/Modal.tsx';
import { ErrorText } from '../kit/ui/ErrorText.tsx';
import { Button } from '../kit/ui/Button.tsx';

/**
 * `report-name`: asks a custom report's name (to save a new report, save a copy or rename).
 * Options: `title`, `initial`, `submitLabel`, and `onSubmit(name)`, which resolves to an error
 * message to show (the modal stays open, the name kept) or null when done.
 */
export function ReportNameModal({ options, active, close }: ModalProps<'report-name'>) {
  const { title = 'Save report', submitLabel = 'Save', onSubmit } = options;
  const [name, setName] = useState(options.initial ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    const problem = await onSubmit(name);
    setBusy(false);
    if (problem) setError(problem);
    else close();
  }

  return (
    <Modal title={title} onClose={close} active={active} width={440}>
      <form className="stack" onSubmit={submit}>
        <label className="field">
          Report name
          <input
            className="input"
            value={name}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'report-name-error' : undefined}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
          />
        </label>
        {error && <ErrorText id="report-name-error">{error}</ErrorText>}
        <DialogFooter>
          <Button type="button" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </Modal>
  );
}

/** `report-delete`: confirms deleting a saved custom report (`name`, `onConfirm`). */
export function DeleteReportModal({ options, active, close }: ModalProps<'report-delete'>) {
  const { onConfirm } = options;
  return (
    <Modal title="Delete report" onClose={close} active={active} width={440}>
      <div className="stack">
        <p>
          Delete the report “{options.name}”? It also leaves the reports overview. This cannot be
          undone.
        </p>
        <DialogFooter>
          <Button type="button" onClick={close}>
            Cancel
          </Button>
          <Button
            type="button"
            variant="primary"
            className="btn-danger-fill"
            onClick={async () => {
              close();
              await onConfirm();
            }}
          >
            Delete
          </Button>
        </DialogFooter>
      </div>
    </Modal>
  );
}
