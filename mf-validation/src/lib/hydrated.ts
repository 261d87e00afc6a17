import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False on the server and while React hydrates the server's HTML, true after (and from the first
 * render of a page rendered in the browser). What only the browser knows (its time zone, a delete
 * token in its storage) is shown once this is true, so hydration finds the HTML it expects. Kept
 * here rather than taken from @val/ui (which has the same hook since the server render), so this
 * remote still runs under a shell whose @val/ui predates it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
