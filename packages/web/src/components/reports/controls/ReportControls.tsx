import type { Account } from '../../../store/types.ts';
import type { RangePreset } from '../data/range.ts';
import type { useReportParams } from '../use-report-params.ts';
import { AccountsPicker } from './AccountsPicker.tsx';
import { RangePicker } from './RangePicker.tsx';

/** The range and the accounts of a report, as every report over accounts has them. */
export function ReportControls({
  params,
  presets,
  accounts,
}: {
  params: ReturnType<typeof useReportParams>;
  presets: readonly RangePreset[];
  accounts: readonly Account[];
}) {
  return (
    <>
      <RangePicker
        value={params.range}
        onChange={params.setRange}
        presets={presets}
        first={params.first}
        current={params.current}
        resolved={params.span}
      />
      <AccountsPicker accounts={accounts} chosen={params.chosen} onChange={params.setAccounts} />
    </>
  );
}
