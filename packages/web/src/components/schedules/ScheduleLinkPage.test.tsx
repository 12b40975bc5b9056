import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { StoreContext } from '../../store/context.ts';
import { AppStore } from '../../store/store.ts';
import type { Backend } from '../../backend/backend.ts';
import { ScheduleLinkPage } from './ScheduleLinkPage.tsx';

// Rendering only reads the store and the location; no request is answered.
const idle: Backend = { send: () => new Promise(() => {}), listen: () => () => {} };

function render(state: unknown): string {
  return renderToStaticMarkup(
    <StoreContext.Provider value={new AppStore(idle)}>
      <MemoryRouter initialEntries={[{ pathname: '/schedule/link', state }]}>
        <ScheduleLinkPage />
      </MemoryRouter>
    </StoreContext.Provider>,
  );
}

describe('the link page', () => {
  it("links the register's selection: the transactions in the location state", () => {
    const html = render({ transactionIds: ['t1', 't2'] });
    expect(html).toContain('2 selected transactions');
    // The selection is the register's: nothing to search or tick here.
    expect(html).not.toContain('Search transactions');
  });

  it('offers unlinked transactions to pick when opened without a selection', () => {
    const html = render(null);
    expect(html).toContain('Transactions to link');
    expect(html).toContain('aria-label="Search transactions"');
  });
});
