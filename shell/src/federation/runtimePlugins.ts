import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { manifestVersion, takePreloadedManifest, versionedEntry } from './manifestVersion';

/**
 * The shell's federation runtime plugin (tooling/webpack.mf.js lists it in `runtimePlugins`, so it
 * is part of the runtime from the first line on). Failure handling in layers, as in
 * module-federation/core's docs (error-load-remote):
 *
 * 1. Manifests are fetched fresh (`cache: 'no-cache'`: revalidated on every page load, so a
 *    redeployed remote shows on the next load even when its host sends no Cache-Control), and a
 *    failed fetch is retried with a reload from the network.
 * 2. Each manifest's `remoteEntry.js` URL gets `?v=<hash of the manifest>`: the entry script is
 *    refetched exactly when the remote was redeployed, whatever its host's caching headers.
 * 3. A remote entry script that fails to load is retried with a fresh URL.
 * 4. What still fails reaches the remote's slot, which shows "This section is unavailable" with a
 *    Retry button (shell/src/federation/RemoteSlot.tsx).
 */

/** Delays before the 2nd and 3rd attempt. */
export const RETRY_DELAYS_MS = [300, 900];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isManifest = (url: string) => /\.json(\?|#|$)/.test(url);
const fresh = (url: string, attempt: number) => `${url}${url.includes('?') ? '&' : '?'}retry=${attempt}-${Date.now()}`;

/** Fetches a remote's manifest, retrying network errors and non-2xx answers. */
async function fetchManifestText(url: string, init: RequestInit): Promise<string> {
  const preloaded = takePreloadedManifest(url);
  if (preloaded) {
    try {
      return await preloaded;
    } catch {
      /* fall through to our own fetch */
    }
  }
  let last: unknown;
  for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
    if (attempt) await sleep(RETRY_DELAYS_MS[attempt - 1]);
    try {
      const res = await fetch(url, { ...init, cache: attempt ? 'reload' : 'no-cache' });
      if (!res.ok) throw new Error(`${url} answered HTTP ${res.status}`);
      return await res.text();
    } catch (e) {
      last = e;
    }
  }
  throw last instanceof Error ? last : new Error(`Could not fetch ${url}`);
}

type LoadEntryErrorArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>>[0];

/** A remote entry script that failed to load: try again with a fresh URL (the cached answer may be the failure). */
async function retryEntry({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }: LoadEntryErrorArgs) {
  let last: unknown;
  for (let attempt = 1; attempt <= RETRY_DELAYS_MS.length; attempt++) {
    await sleep(RETRY_DELAYS_MS[attempt - 1]);
    delete globalLoading[uniqueKey];
    try {
      const exports = await getRemoteEntry({ origin, remoteInfo: { ...remoteInfo, entry: fresh(remoteInfo.entry, attempt) }, remoteEntryExports });
      if (exports) return exports;
    } catch (e) {
      last = e;
    }
  }
  console.error(`Remote ${remoteInfo.name}: ${remoteInfo.entry} did not load after ${RETRY_DELAYS_MS.length + 1} attempts`, last);
  return undefined;
}

export default function valFederationPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'val-federation',
    async fetch(url, init) {
      if (!isManifest(url)) return undefined as unknown as Response;
      const text = await fetchManifestText(url, init ?? {});
      const manifest = JSON.parse(text) as { metaData?: { remoteEntry?: { name?: string } } };
      const entry = manifest.metaData?.remoteEntry;
      if (entry?.name) entry.name = versionedEntry(entry.name, manifestVersion(text));
      return new Response(JSON.stringify(manifest), { headers: { 'Content-Type': 'application/json' } });
    },
    // The hook's declared type wants a promise of a promise; the runtime awaits whatever it gets.
    loadEntryError: retryEntry as unknown as NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>,
  };
}
