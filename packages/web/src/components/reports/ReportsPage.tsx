import { Navigate, Route, Routes } from 'react-router';
import { CashFlowReport } from './CashFlowReport.tsx';
import { CustomReportPage } from './CustomReportPage.tsx';
import { NetWorthReport } from './NetWorthReport.tsx';
import { Overview } from './Overview.tsx';
import { SpendingReport } from './SpendingReport.tsx';
import './reports.css';

/**
 * `/reports/*`: the overview and each report. The whole area, Recharts included, is one chunk
 * loaded with the route (the shell lazy-loads this file); narrow screens never get here (the
 * shell sends them to /budget, as the spec says).
 */
export function ReportsPage() {
  return (
    <Routes>
      <Route index element={<Overview />} />
      <Route path="net-worth" element={<NetWorthReport />} />
      <Route path="cash-flow" element={<CashFlowReport />} />
      <Route path="spending" element={<SpendingReport />} />
      <Route path="custom" element={<CustomReportPage key="new" />} />
      <Route path="custom/:id" element={<CustomReportPage />} />
      <Route path="*" element={<Navigate to="/reports" replace />} />
    </Routes>
  );
}

export default ReportsPage;
