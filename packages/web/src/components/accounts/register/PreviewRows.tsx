import type { ReactNode } from 'react';
import { Amount } from '../../kit/ui/AmountInput.tsx';
import { Button } from '../../kit/ui/Button.tsx';
import type { Preview } from '../editing/previews.ts';
import type { RegisterColumn } from './columns.ts';
import { Cell, type PayeeLabel, PayeeText, type RowText } from './RegisterRow.tsx';

interface PreviewRowsProps {
  previews: Preview[];
  columns: RegisterColumn[];
  template: string;
  text: RowText;
  payeeLabel: (id: string | null) => PayeeLabel;
  onPost: (p: Preview) => void;
  onSkip: (p: Preview) => void;
}

/** Schedules' upcoming transactions above the register's rows, each with Post now and Skip. */
export function PreviewRows({
  previews,
  columns,
  template,
  text,
  payeeLabel,
  onPost,
  onSkip,
}: PreviewRowsProps) {
  function previewCell(id: RegisterColumn['id'], preview: Preview): ReactNode {
    switch (id) {
      case 'date':
        return text.date(preview.date);
      case 'account':
        return text.account(preview.account);
      case 'payee':
        return <PayeeText label={payeeLabel(preview.payee)} />;
      case 'notes':
        // Notes and Category together: the status and what can be done with the preview.
        return (
          <span className="reg-preview-actions">
            <span className={`reg-badge reg-badge-${preview.status}`}>
              {preview.status === 'due'
                ? 'Due'
                : preview.status === 'missed'
                  ? 'Missed'
                  : 'Upcoming'}
            </span>
            <Button type="button" size="small" onClick={() => onPost(preview)}>
              Post now
            </Button>
            <Button type="button" size="small" onClick={() => onSkip(preview)}>
              Skip
            </Button>
          </span>
        );
      case 'payment':
        return preview.amount < 0 ? <Amount cents={-preview.amount} colored={false} /> : '';
      case 'deposit':
        return preview.amount > 0 ? <Amount cents={preview.amount} colored={false} /> : '';
      default:
        return null;
    }
  }

  return previews.map((preview) => (
    <div
      key={preview.id}
      role="row"
      aria-label={`Scheduled: ${text.date(preview.date)} ${payeeLabel(preview.payee).name}`}
      className="vtable-row reg-preview"
      style={{ gridTemplateColumns: template }}
    >
      {columns
        .filter((col) => col.id !== 'category')
        .map((col) => (
          <Cell key={col.id} col={col} className={col.id === 'notes' ? 'reg-preview-notes' : ''}>
            {previewCell(col.id, preview)}
          </Cell>
        ))}
    </div>
  ));
}
