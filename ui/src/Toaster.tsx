import { lazy, Suspense, useState } from 'react';
import { useToasts } from './toast';

/**
 * The viewport's code (styles, swipe, placement, the F8 hotkey) comes with the first toast: a page
 * that shows none does not load it (about 2.5 KB gzip off the landing page's first screen).
 */
const ToasterView = lazy(() => import(/* webpackChunkName: "toaster" */ './ToasterView'));

/** The toast viewport; render once (the shell does). F8 moves focus to it once a toast has shown. */
export function Toaster() {
  const items = useToasts();
  const [wanted, setWanted] = useState(false);
  // Once loaded it stays: later toasts, the hotkey and the placement need no second load.
  if (items.length && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}
