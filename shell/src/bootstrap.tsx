import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadRemoteApp } from './federation/remotes';

/** The longest the first render waits for the first screen's remote. */
const FIRST_SCREEN_WAIT_MS = 300;

// The home page's first screen is the catalogue's hero: its manifest came with the page and its
// chunks are already downloading (public/index.html). Wait a moment for it, so the first screen
// paints in one go, then render either way (its slot picks up the same load; a failure shows there).
const firstScreen = window.location.pathname === '/' ? loadRemoteApp('catalogue', false, 'Hero').catch(() => undefined) : null;
const ready = firstScreen ? Promise.race([firstScreen, new Promise((r) => setTimeout(r, FIRST_SCREEN_WAIT_MS))]) : Promise.resolve();

void ready.then(() =>
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
