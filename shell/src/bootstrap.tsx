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
// the remote parts it names ("catalogue/Hero"). Those load first, so the first render matches the
// HTML and hydrates it; if one cannot load, the page renders from scratch (its slot shows the
// remote's "unavailable" state, as on a page the server did not render).
const rendered = root.getAttribute('data-ssr');
if (rendered !== null) {
  const renderedPath = window.location.pathname;
  const parts = rendered.split(' ').filter(Boolean);
  Promise.all([
    getManifest(),
    ...parts.map((part) => {
      const [key, expose] = part.split('/') as [RemoteName, string];
      return loadRemoteApp(key, false, expose);
    }),
  ]).then(
    () => {
      // The page's address changed while its parts loaded (history.pushState by a script, say): the
      // HTML is another page's, so the app renders from scratch instead of hydrating it.
      if (window.location.pathname !== renderedPath) createRoot(root).render(app);
      else hydrateRoot(root, app);
    },
    (e) => {
      console.warn('The server-rendered page could not be hydrated; rendering it again', e);
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
