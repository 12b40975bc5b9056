import type { MenuEntry } from '../../kit/ui/Menu.tsx';
import type { BankReview } from './use-bank-review.ts';

interface RowMenu {
  items: MenuEntry[];
  onSelect: (name: string) => void;
}

/**
 * A marked row's menu: Approve, and on a match Unmatch (the row as it was and the bank's row
 * beside it, one undo step), before the register's own items.
 */
export function withReview(
  menu: RowMenu | undefined,
  id: string,
  review: Pick<BankReview, 'marks' | 'approve' | 'unmatch'>,
): RowMenu | undefined {
  const entry = review.marks.get(id);
  if (!menu || !entry) return menu;
  const items: MenuEntry[] = [
    { name: 'review-approve', text: 'Approve' },
    ...(entry.kind === 'new' ? [] : [{ name: 'review-unmatch', text: 'Unmatch' }]),
    { kind: 'separator' },
    ...menu.items,
  ];
  return {
    items,
    onSelect(name) {
      if (name === 'review-approve') void review.approve([id]);
      else if (name === 'review-unmatch') void review.unmatch(id);
      else menu.onSelect(name);
    },
  };
}
