import { useSyncExternalStore, type ReactNode } from 'react';

const noSubscription = () => () => undefined;

/**
 * False on the server and while React hydrates the server's HTML, true after (and from the first
 * render of a page rendered in the browser). Kept here rather than taken from @val/ui (which has the
 * same since the server render), so this remote still runs under a shell whose @val/ui predates it.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * A form's controls, disabled until the page is hydrated: in the server's HTML the form cannot do
 * anything yet, and a native submit would put what was typed in the address. Lays nothing out.
 */
export function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} style={{ display: 'contents' }}>
      {children}
    </fieldset>
  );
}
