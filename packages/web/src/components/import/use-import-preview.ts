import { useEffect, useState } from 'react';
import { useStore } from '../../store/context.ts';
import { isFailure } from '../../backend/backend.ts';
import type { PreviewRow } from './ImportPreview.tsx';
import type { ImportTransactions } from './use-import-file.ts';

/** The preview of the rows as they are now. */
export interface ImportPreviewAnswer {
  rows: (PreviewRow | undefined)[];
  /** Hands the import what the preview worked out (the core checks it still holds). */
  token: string | null;
}

/**
 * What each row will do (added, or matched to a transaction already there, and why), asked
 * again whenever the rows change, after a short pause so typing a multiplier does not ask for
 * every keystroke. Null until the answer for these very rows is in: the modal never shows a
 * stale count.
 */
export function useImportPreview(
  accountId: string,
  transactions: ImportTransactions,
  ready: boolean,
): ImportPreviewAnswer | null {
  const store = useStore();
  /** The preview's answer, with the rows it answered for (a later change makes it stale). */
  const [answered, setPreviews] = useState<
    ({ of: readonly unknown[] } & ImportPreviewAnswer) | null
  >(null);

  useEffect(() => {
    if (!ready || transactions.length === 0) {
      setPreviews(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      void store.backend
        .send('transactions-import-preview', {
          accountId,
          transactions,
        })
        .then((res) => {
          if (!current) return;
          setPreviews(
            isFailure(res)
              ? null
              : { of: transactions, rows: res.transactions, token: res.previewToken },
          );
        });
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [store, accountId, transactions, ready]);

  return answered?.of === transactions ? answered : null;
}
