import { type FormEvent, useRef, useState } from 'react';
import { useAppState, useStore } from '../../store/context.ts';
import type { ModalProps } from '../../store/modals.ts';
import { DialogFooter, Modal } from '../kit/ui/Modal.tsx';
import { CategoryAutocomplete } from '../kit/pickers/Pickers.tsx';
import { failureText } from './actions.ts';
import { ErrorText } from '../kit/ui/ErrorText.tsx';
import { Button } from '../kit/ui/Button.tsx';

const TYPE_TEXT = 'A category must be transferred to another of the same type (expense or income)';

/**
 * confirm-category-delete ('Confirm Delete'): a category (or a group's categories) with
 * transactions or budgeted amounts is deleted into another category of the same kind, which
 * then holds its transactions and budgets.
 */
export function ConfirmCategoryDelete({
  options,
  close,
  active,
}: ModalProps<'confirm-category-delete'>) {
  const store = useStore();
  const groups = useAppState((s) => s.categories.grouped);
  const categoryId = options.category ?? null;
  const groupId = options.group ?? null;
  const group = groups.find((g) => g.id === groupId);
  const category = groups.flatMap((g) => g.categories).find((c) => c.id === categoryId);
  const income = Boolean(group ? group.is_income : category?.is_income);
  // Only categories of the same kind, and never those being deleted.
  const exclude = groups
    .flatMap((g) => g.categories)
    .filter(
      (c) => Boolean(c.is_income) !== income || c.id === categoryId || c.cat_group === groupId,
    )
    .map((c) => c.id);
  const [transferId, setTransferId] = useState<string | null>(null);
  const picked = useRef<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = group?.name ?? category?.name ?? '';

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (busy) return;
    const target = picked.current;
    if (!target) {
      setError('You must select a category');
      return;
    }
    setBusy(true);
    const res = await store.backend.send(group ? 'category-group-delete' : 'category-delete', {
      id: group ? group.id : (categoryId ?? ''),
      transferId: target,
    });
    setBusy(false);
    const problem = failureText(res);
    if (!problem) return close();
    const type = (res as { error?: { type?: string } }).error?.type;
    setError(type === 'category-type' ? TYPE_TEXT : 'Something bad happened, sorry!');
  }

  return (
    <Modal title="Confirm Delete" onClose={close} active={active} width={480}>
      <form className="stack" onSubmit={submit}>
        <p style={{ margin: 0 }}>
          {group ? (
            <>
              Categories in the group <strong>{name}</strong> are used by existing transactions or
              have budgeted amounts.
            </>
          ) : (
            <>
              <strong>{name}</strong> is used by existing transactions or has budgeted amounts.
            </>
          )}{' '}
          Choose the category that takes them over before it is deleted.
        </p>
        <p className="subdued" style={{ margin: 0 }}>
          {TYPE_TEXT}.
        </p>
        <label className="field">
          Transfer to
          <CategoryAutocomplete
            label="Transfer to"
            value={transferId}
            autoFocus
            options={{ exclude, showHidden: true }}
            onCommit={(item) => {
              picked.current = item?.id ?? null;
              setTransferId(item?.id ?? null);
              setError(null);
            }}
          />
        </label>
        {error && <ErrorText>{error}</ErrorText>}
        <DialogFooter>
          <Button type="button" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" className="btn-danger-fill" disabled={busy}>
            Delete
          </Button>
        </DialogFooter>
      </form>
    </Modal>
  );
}

export default ConfirmCategoryDelete;
