import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connecting } from './boot.ts';
import { Root } from './components/app/Root.tsx';
import { whenFirstScreenShown } from './store/first-screen.ts';
import { linkManifest } from './store/manifest-link.ts';
import './styles/theme.css';
import './components/kit/ui/kit.css';

// The core's worker (its script, SQLite's wasm, the budget's open) was started by boot.ts, the
// page's first script, before this entry came back: on a phone this entry's evaluation and the
// first render are a few hundred ms the worker need not wait for.
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
