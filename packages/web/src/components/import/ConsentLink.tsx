import { useEffect, useMemo, useState } from 'react';
import { useAppState, useStore } from '../../store/context.ts';
import { Autocomplete } from '../kit/ui/Autocomplete.tsx';
import { listSuggestions } from '../kit/ui/autocomplete-logic.ts';
import { Button } from '../kit/ui/Button.tsx';
import { ErrorText } from '../kit/ui/ErrorText.tsx';
import { MenuButton } from '../kit/ui/Menu.tsx';
import { Spinner } from '../kit/ui/Spinner.tsx';
import type { Bank, ConsentProvider } from './bank-provider.ts';
import { COUNTRIES } from './countries.ts';
import { consentDays } from './enablebanking-provider.ts';
import { ExternalLinkWait, type LinkedData } from './ExternalLinkWait.tsx';
import { banksFailedText } from './link-logic.ts';
import './bank.css';

type BankList =
  { kind: 'none' } | { kind: 'loading' } | { kind: 'error' } | { kind: 'ok'; banks: Bank[] };

const COUNTRY_ITEMS = COUNTRIES.map((c) => ({ id: c.id, label: c.name }));

/** The chosen bank: its logo (its initial when the logo cannot load) and its longest consent. */
function ChosenBank({ bank }: { bank: Bank }) {
  const [logoFailed, setLogoFailed] = useState(false);
  const days = consentDays(bank);
  return (
    <div className="bank-chosen">
      {bank.logo && !logoFailed ? (
        <img className="bank-logo" src={bank.logo} alt="" onError={() => setLogoFailed(true)} />
      ) : (
        <span className="bank-logo" aria-hidden="true">
          {bank.name.slice(0, 1)}
        </span>
      )}
      <span>
        <strong>{bank.name}</strong>
        {days !== null && (
          <span className="subdued"> · access lasts up to {days} days, then you reauthorize</span>
        )}
      </span>
    </div>
  );
}

/**
 * A provider's consent at the bank: country, bank, then waiting while the person consents in
 * the browser (ExternalLinkWait). `onLinkId` tells the modal which consent to stop on close.
 */
export function ConsentLink({
  provider,
  upgradingAccountId,
  setUpProvider,
  attempt,
  onLinkId,
  onLinked,
}: {
  provider: ConsentProvider;
  upgradingAccountId: string | null;
  setUpProvider: () => void;
  /** Grows when the secrets were saved again: the bank list is asked again. */
  attempt: number;
  onLinkId: (linkId: string) => void;
  onLinked: (data: LinkedData) => void;
}) {
  const store = useStore();
  const serverUrl = useAppState((s) => s.serverUrl);
  const [country, setCountry] = useState<string | null>(null);
  const [bank, setBank] = useState<Bank | null>(null);
  const [banks, setBanks] = useState<BankList>({ kind: 'none' });
  const [started, setStarted] = useState(false);

  useEffect(() => {
    if (!country) return;
    let current = true;
    setBanks({ kind: 'loading' });
    setBank(null);
    void provider.banks(store.backend, country).then((res) => {
      if (current) setBanks(res.ok ? { kind: 'ok', banks: res.value } : { kind: 'error' });
    });
    return () => {
      current = false;
    };
  }, [store, provider, country, attempt]);

  const bankItems = useMemo(
    () => (banks.kind === 'ok' ? banks.banks.map((b) => ({ id: b.id, label: b.name })) : []),
    [banks],
  );

  return (
    <>
      {!started && (
        <>
          <label className="field">
            Choose your country:
            <Autocomplete
              label="Country"
              value={country}
              valueLabel={COUNTRIES.find((c) => c.id === country)?.name ?? ''}
              placeholder="(please select)"
              clearable={false}
              style={{ width: '100%', padding: 0 }}
              suggest={(text, typed) => listSuggestions(COUNTRY_ITEMS, text, typed, country)}
              onCommit={(item) => {
                if (item && item.id !== country) setCountry(item.id);
              }}
            />
          </label>
          {banks.kind === 'error' && (
            <ErrorText as="p">
              {banksFailedText(provider.name)}. Please{' '}
              <Button type="button" variant="link" onClick={setUpProvider}>
                set them up
              </Button>{' '}
              again.
            </ErrorText>
          )}
          {banks.kind === 'loading' && (
            <div className="bank-busy">
              <Spinner small label="Loading banks" /> Loading banks...
            </div>
          )}
          {banks.kind === 'ok' && (
            <label className="field">
              Choose your bank:
              <Autocomplete
                label="Bank"
                value={bank?.id ?? null}
                valueLabel={bank?.name ?? ''}
                placeholder="(please select)"
                clearable={false}
                autoFocus
                style={{ width: '100%', padding: 0 }}
                suggest={(text, typed) => listSuggestions(bankItems, text, typed, bank?.id ?? null)}
                onCommit={(item) => {
                  const picked = banks.banks.find((b) => b.id === item?.id);
                  if (picked) setBank(picked);
                }}
              />
            </label>
          )}
          {bank && (bank.logo || bank.maxConsentSeconds) && <ChosenBank bank={bank} />}
          <p className="bank-warning">
            Linking gives {provider.name}, a third-party service not part of Coffer, read-only
            access to the whole transaction history of the accounts you choose at your bank. Read{' '}
            {provider.name}’s privacy policy before you go on.
          </p>
        </>
      )}
      <div className="bank-link-actions">
        <ExternalLinkWait
          provider={provider}
          label="Link bank in browser →"
          disabled={!country || !bank}
          start={async () => {
            const res = await provider.startLink(store.backend, {
              bank: bank!,
              country: country!,
              upgradingAccountId,
              serverUrl,
            });
            if (res.ok) onLinkId(res.value.linkId);
            return res;
          }}
          upgradingAccountId={upgradingAccountId}
          onStarted={() => setStarted(true)}
          onRetry={() => setStarted(false)}
          onLinked={onLinked}
        />
        {!started && (
          <MenuButton
            label="⋯"
            ariaLabel={`${provider.name} options`}
            items={[{ name: 'reconfigure', text: 'Set new API secrets' }]}
            onSelect={(name) => name === 'reconfigure' && setUpProvider()}
          />
        )}
      </div>
    </>
  );
}
