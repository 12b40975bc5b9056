import { DAYS_OF_WEEK } from '@coffer/core/ui';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { closeBudget, saveGlobalPrefs, savePrefs } from '../../store/actions.ts';
import { useAppState, useStore } from '../../store/context.ts';
import { useResponsive } from '../../store/responsive.ts';
import { DATE_FORMATS, NUMBER_FORMATS, formatAmount, isNumberFormat } from '../../util/format.ts';
import { About } from './About.tsx';
import { AdvancedSettings } from './Advanced.tsx';
import { AuthenticationSettings } from './Authentication.tsx';
import { EncryptionSettings, ExportData } from './Encryption.tsx';
import { StorageSettings } from './Storage.tsx';
import { BankScheduleSettings } from './BankSchedule.tsx';
import './settings.css';
import { Select } from '../kit/ui/Select.tsx';
import { Button } from '../kit/ui/Button.tsx';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="card settings-section" aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function Formatting() {
  const store = useStore();
  const prefs = useAppState((s) => s.prefs);
  const numberFormat = isNumberFormat(prefs?.numberFormat) ? prefs.numberFormat : 'comma-dot';
  const hideFraction = Boolean(prefs?.hideFraction);
  return (
    <Section title="Formatting">
      <div className="settings-grid">
        <label className="field">
          Numbers
          <Select
            label="Numbers"
            value={numberFormat}
            onChange={(e) => savePrefs(store, { numberFormat: e.target.value })}
          >
            {NUMBER_FORMATS.map((f) => (
              <option key={f.value} value={f.value}>
                {formatAmount(123456733, { format: f.value, hideFraction })}
                {f.value === 'comma-dot-in' ? ' (Indian)' : ''}
              </option>
            ))}
          </Select>
        </label>
        <label className="field">
          Dates
          <Select
            label="Dates"
            value={prefs?.dateFormat ?? 'MM/dd/yyyy'}
            onChange={(e) => savePrefs(store, { dateFormat: e.target.value })}
          >
            {DATE_FORMATS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </Select>
        </label>
        <label className="field">
          First day of the week
          <Select
            label="First day of the week"
            value={prefs?.firstDayOfWeekIdx ?? '0'}
            onChange={(e) => savePrefs(store, { firstDayOfWeekIdx: e.target.value })}
          >
            {DAYS_OF_WEEK.map((d, i) => (
              <option key={d} value={String(i)}>
                {d}
              </option>
            ))}
          </Select>
        </label>
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={hideFraction}
          onChange={(e) => savePrefs(store, { hideFraction: e.target.checked })}
        />
        Hide decimal places
      </label>
    </Section>
  );
}

function ThemeSettings() {
  const store = useStore();
  const theme = useAppState((s) => s.globalPrefs.theme ?? 'light');
  return (
    <Section title="Theme">
      <label className="field" style={{ maxWidth: 240 }}>
        Theme
        <Select
          label="Theme"
          value={theme}
          onChange={(e) => saveGlobalPrefs(store, { theme: e.target.value as 'light' | 'dark' })}
        >
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </Select>
      </label>
    </Section>
  );
}

export function SettingsPage() {
  const store = useStore();
  const { hash } = useLocation();
  const { isNarrow } = useResponsive();
  const prefs = useAppState((s) => s.prefs);
  const [advanced, setAdvanced] = useState(hash === '#advanced');
  useEffect(() => {
    if (hash === '#advanced') setAdvanced(true);
  }, [hash]);

  return (
    <div className="page settings-page">
      <h1>Settings</h1>
      {isNarrow && (
        <Section title="Budget">
          <input
            className="input"
            readOnly
            aria-label="Budget name"
            value={prefs?.budgetName ?? ''}
          />
          <div>
            <Button onClick={() => closeBudget(store)}>Close Budget</Button>
          </div>
        </Section>
      )}
      <About />
      {Boolean(prefs?.['flags.themes']) && <ThemeSettings />}
      <Formatting />
      <StorageSettings />
      <BankScheduleSettings />
      <EncryptionSettings />
      <AuthenticationSettings />
      <ExportData />
      {advanced ? (
        <AdvancedSettings />
      ) : (
        <div>
          <Button variant="link" onClick={() => setAdvanced(true)}>
            Show advanced settings
          </Button>
        </div>
      )}
    </div>
  );
}

export default SettingsPage;
