import { useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useAppState, useStore } from '../../store/context.ts';
import { getUserData, loadAllFiles } from '../../store/actions.ts';
import { ModalHost } from '../kit/data/ModalHost.tsx';
import { BudgetList } from './BudgetList.tsx';
import { Bootstrap, ChangePassword } from './PasswordPages.tsx';
import { ConfigServer } from './ConfigServer.tsx';
import { ErrorPage } from './ErrorPage.tsx';
import { Login, OpenIdCallback } from './Login.tsx';
import { ManagerFooter } from './Footer.tsx';
import './manager.css';

export function ManagerApp() {
  const store = useStore();
  const user = useAppState((s) => s.user);
  const serverUrl = useAppState((s) => s.serverUrl);
  const files = useAppState((s) => s.files);
  const { pathname } = useLocation();

  useEffect(() => {
    if (files === null) void loadAllFiles(store);
  }, [files, store]);

  // The core reports a local-only user ({ offline: false }) once "Don't use a server" was
  // chosen; null means first run or signed out, which goes through /bootstrap.
  const signedIn = Boolean(user);

  return (
    <div className="manager">
      <main className="manager-main">
        <div className="manager-content">
          <Routes>
            <Route path="/config-server" element={<ConfigServer />} />
            <Route path="/bootstrap" element={<Bootstrap />} />
            <Route path="/login" element={<Login />} />
            <Route path="/openid-cb" element={<OpenIdCallback />} />
            <Route path="/error" element={<ErrorPage />} />
            {signedIn ? (
              <>
                <Route path="/" element={<BudgetList />} />
                {serverUrl && <Route path="/change-password" element={<ChangePassword />} />}
                <Route path="*" element={<Navigate to="/" replace />} />
              </>
            ) : (
              <Route path="*" element={<Navigate to="/bootstrap" replace />} />
            )}
          </Routes>
        </div>
      </main>
      {pathname !== '/config-server' && <ManagerFooter onRefresh={() => getUserData(store)} />}
      <ModalHost inManager />
    </div>
  );
}
