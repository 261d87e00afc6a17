import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { RemoteName } from '@val/contracts';
import { App } from './App';
import { getManifest, loadRemoteApp } from './federation/remotes';

/** The longest the first render waits for the first screen's remote (a page the server did not render). */
const FIRST_SCREEN_WAIT_MS = 300;

const root = document.getElementById('root') as HTMLElement;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// `data-ssr` (the BFF's server render, bff/src/ssr): the page's HTML is already on screen, with
// the remote parts it names ("catalogue/Hero"). It hydrates at once: each of those parts keeps the
// server's HTML until its code has loaded (its slot suspends, shell/src/federation/RemoteSlot.tsx),
// so the header, the links and the shell's own pages answer without waiting for a remote.
const rendered = root.getAttribute('data-ssr');
if (rendered !== null) {
  const renderedPath = window.location.pathname;
  // Their code, now (the page preloaded it): the slots pick up the same loads.
  for (const part of rendered.split(' ').filter(Boolean)) {
    const [key, expose] = part.split('/') as [RemoteName, string];
    loadRemoteApp(key, false, expose).catch(() => undefined);
  }
  getManifest().then(
    () => {
      // The page's address changed before this ran (history.pushState by a script, say): the HTML
      // is another page's, so the app renders from scratch instead of hydrating it.
      if (window.location.pathname !== renderedPath) createRoot(root).render(app);
      else hydrateRoot(root, app);
    },
    (e) => {
      console.warn('The remote list could not be read; rendering the page again', e);
      createRoot(root).render(app);
    },
  );
} else {
  // The home page's first screen is the catalogue's hero: its manifest came with the page and its
  // chunks are already downloading (public/index.html). Wait a moment for it, so the first screen
  // paints in one go, then render either way (its slot picks up the same load; a failure shows there).
  const firstScreen = window.location.pathname === '/' ? loadRemoteApp('catalogue', false, 'Hero').catch(() => undefined) : null;
  const ready = firstScreen ? Promise.race([firstScreen, new Promise((r) => setTimeout(r, FIRST_SCREEN_WAIT_MS))]) : Promise.resolve();
  void ready.then(() => createRoot(root).render(app));
}
