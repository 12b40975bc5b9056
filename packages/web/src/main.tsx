import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectBackend } from './backend/connect.ts';
import { Root } from './components/app/Root.tsx';
import { whenFirstScreenShown } from './store/first-screen.ts';
import { LAST_BUDGET_KEY } from './store/last-budget.ts';
import { linkManifest } from './store/manifest-link.ts';
import './styles/theme.css';
import './components/kit/ui/kit.css';

// The core's worker (its script, SQLite's wasm, the budget's open) starts before React mounts:
// on a phone the first render is a few hundred ms the worker need not wait for.
// Root opens the last budget first: the worker takes its folder as soon as the core exists.
const connecting = connectBackend({
  lastBudget: window.localStorage.getItem(LAST_BUDGET_KEY) ?? undefined,
});
// The manifest (and the icon the browser then fetches) waits for the first screen (manifest-link.ts).
void whenFirstScreenShown().then(() =>
  linkManifest<HTMLLinkElement>({
    head: document.head,
    createLink: () => document.createElement('link'),
  }),
);
const element = document.getElementById('root');
if (!element) throw new Error('No #root element');
createRoot(element).render(
  <StrictMode>
    <Root connecting={connecting} />
  </StrictMode>,
);
