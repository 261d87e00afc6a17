import { createContext, useContext, type ComponentType } from 'react';
import { PAGE_DATA_ELEMENT_ID, type PageData, type RemotesManifest } from '@val/contracts';

/**
 * What the server render knows that the browser learns by loading (src/server.tsx): the remote
 * list, and the exposed components of the remotes whose server parts the BFF loaded, by
 * `<remote>/<expose>`. In the browser there is no provider: slots load their remotes.
 */
export interface ServerParts {
  list: RemotesManifest;
  components: Readonly<Record<string, ComponentType<never>>>;
  /** What the server read for this page (a permalink's validation): its remote starts from it. */
  pageData?: PageData;
}

export const ServerPartsContext = createContext<ServerParts | null>(null);

export const useServerParts = (): ServerParts | null => useContext(ServerPartsContext);

let first: { path: string; data: PageData } | null | undefined;

/**
 * The page data the server rendered the first page with (`#val-page-data`, read once): for that
 * page only, so the browser's first render matches the HTML; a page reached later loads its own.
 */
export function usePageData(pathname: string): PageData | undefined {
  const server = useServerParts();
  if (server) return server.pageData;
  if (first === undefined) {
    const el = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ELEMENT_ID);
    let data: PageData | null;
    try {
      data = el?.textContent ? (JSON.parse(el.textContent) as PageData) : null;
    } catch {
      data = null;
    }
    first = data ? { path: window.location.pathname, data } : null;
  }
  // Once the visitor has left the first page, its data is gone (coming back loads it afresh).
  if (first && first.path !== pathname) first = null;
  return first?.data;
}
