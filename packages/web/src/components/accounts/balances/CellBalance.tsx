import { useAppState } from '../../../store/context.ts';
import { Amount } from '../../kit/ui/AmountInput.tsx';
import { knownNumber } from './balance-queries.ts';

/** A balance cell's live amount: blank until the core has sent it, never a false zero. */
export function CellBalance({ cell, testId }: { cell: string; testId?: string }) {
  const value = useAppState((s) => knownNumber(s.cells, cell));
  return <Amount cents={value} testId={testId} />;
}
