import { useEffect, useRef, useState } from 'react';
import { useStore } from '../../store/context.ts';
import { Spinner } from '../kit/ui/Spinner.tsx';
import type { Answer, ConsentProvider, ExternalAccount } from './bank-provider.ts';
import { LINK_FAILED, LINK_SUCCESS, waitErrorText } from './link-logic.ts';
import { Button } from '../kit/ui/Button.tsx';
import { ErrorText } from '../kit/ui/ErrorText.tsx';
import { writeLinkProgress } from './link-progress.ts';

export interface LinkedData {
  linkId: string;
  accounts: ExternalAccount[];
}

type State =
  | { kind: 'idle'; error: string | null }
  | { kind: 'browser'; url: string | null }
  | { kind: 'success'; data: LinkedData }
  | { kind: 'accounts' };

/**
 * The consent in the browser (spec: idle, waiting on browser, success, loading accounts): the
 * button opens the bank's page in a new tab and the app waits (the core polls the server every
 * 3 s for up to 10 minutes); then 'Success! Click to continue'. A timeout or a failure shows its
 * text and the button again.
 */
export function ExternalLinkWait({
  provider,
  label,
  disabled,
  start,
  upgradingAccountId,
  onStarted,
  onRetry,
  onLinked,
}: {
  provider: ConsentProvider;
  label: string;
  disabled?: boolean;
  start: () => Promise<Answer<{ url: string; linkId: string }>>;
  upgradingAccountId: string | null;
  onStarted?: () => void;
  onRetry?: () => void;
  onLinked: (data: LinkedData) => void;
}) {
  const store = useStore();
  const [state, setState] = useState<State>({ kind: 'idle', error: null });
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const fail = (error: string | null) => {
    if (!mounted.current) return;
    setState({ kind: 'idle', error });
    onRetry?.();
  };

  async function go() {
    setState({ kind: 'browser', url: null });
    onStarted?.();
    const link = await start();
    if (!mounted.current) return;
    if (!link.ok) return fail(LINK_FAILED);
    setState({ kind: 'browser', url: link.value.url });
    // The page the bank sends the consent tab back to reads this: a link is in progress.
    const mark = (state: 'waiting' | 'linked' | 'failed', error?: string) =>
      writeLinkProgress(window.localStorage, {
        state,
        provider: provider.name,
        at: Date.now(),
        ...(error ? { error } : {}),
      });
    mark('waiting');
    window.open(link.value.url, '_blank', 'noopener,noreferrer');
    const linked = await provider.waitForLink(store.backend, {
      linkId: link.value.linkId,
      upgradingAccountId,
    });
    const text = linked.ok ? null : waitErrorText(linked.reason ?? 'unknown');
    if (linked.ok) mark('linked');
    else if (text) mark('failed', text);
    else writeLinkProgress(window.localStorage, null);
    if (!mounted.current) return;
    if (linked.ok) setState({ kind: 'success', data: linked.value });
    else fail(text);
  }

  if (state.kind === 'browser') {
    return (
      <div className="bank-waiting" role="status">
        <Spinner label={`Waiting on ${provider.name}`} />
        <span className="bank-waiting-title">Waiting on {provider.name}...</span>
        <span className="subdued">
          Finish at your bank in the page that opened, then come back here.
        </span>
        {state.url && (
          <a className="link-button" href={state.url} target="_blank" rel="noopener noreferrer">
            The bank’s page did not open? Open it again
          </a>
        )}
      </div>
    );
  }
  if (state.kind === 'accounts') {
    return (
      <div className="bank-waiting" role="status">
        <Spinner label="Loading accounts" />
        <span className="bank-waiting-title">Loading accounts...</span>
      </div>
    );
  }
  if (state.kind === 'success') {
    return (
      <Button
        type="button"
        variant="primary"
        className="bank-big-button"
        autoFocus
        onClick={() => {
          setState({ kind: 'accounts' });
          onLinked(state.data);
        }}
      >
        {LINK_SUCCESS} →
      </Button>
    );
  }
  return (
    <div className="stack bank-start">
      {state.error && (
        <ErrorText className="bank-error" as="p">
          {state.error}
        </ErrorText>
      )}
      <Button
        type="button"
        variant="primary"
        className="bank-big-button"
        disabled={disabled}
        onClick={() => void go()}
      >
        {label}
      </Button>
    </div>
  );
}
