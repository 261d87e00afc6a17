import fs from 'node:fs';
import path from 'node:path';
import { FEDERATION_NAMES, parseRemoteRoutes, REMOTE_NAMES, type RemoteName, type RemoteRoute, type RemotesManifest } from '@val/contracts';
import type { Config } from '../../config/env';
import { readCapped } from '../../http/readCapped';

/** The most of a remote's manifest read (a manifest is a few KB; a larger answer is not one). */
const MAX_MANIFEST_BYTES = 1024 * 1024;
/** How long a remote's fetched route list is trusted before the next request refreshes it. */
export const ROUTES_TTL_MS = 15_000;
/** The longest a request waits for a remote's manifest the first time (later ones use the last list while it refreshes). */
const FETCH_TIMEOUT_MS = 3_000;

/** The routes a manifest's text lists (`metaData.routes`), or null when it is not a manifest with a valid list. */
export function routesOfManifest(text: string): RemoteRoute[] | null {
  try {
    const m = JSON.parse(text) as { metaData?: { routes?: unknown } };
    return m.metaData?.routes === undefined ? [] : parseRemoteRoutes(m.metaData.routes);
  } catch {
    return null;
  }
}

/** A file's text, re-read only when its mtime changes; null when it is missing. */
export function watchedFile(file: string): () => string | null {
  let cached: { mtimeMs: number; text: string } | null = null;
  return () => {
    let st: fs.Stats;
    try {
      st = fs.statSync(file);
    } catch {
      return null;
    }
    if (cached?.mtimeMs !== st.mtimeMs) cached = { mtimeMs: st.mtimeMs, text: fs.readFileSync(file, 'utf8') };
    return cached.text;
  };
}

/** A remote's deployed manifest as last read: its text and where it is (the server part is found next to it). */
export type ManifestSource = { text: string; file: string } | { text: string; url: string };

/** The routes of a manifest file (re-read when it changes): [] while it is missing or invalid. */
function fileRoutes(file: string): { routes: () => RemoteRoute[]; manifest: () => ManifestSource | null } {
  const read = watchedFile(file);
  let seen: { text: string; routes: RemoteRoute[] } | null = null;
  return {
    routes: () => {
      const text = read();
      if (text === null) return [];
      if (seen?.text !== text) seen = { text, routes: routesOfManifest(text) ?? [] };
      return seen.routes;
    },
    manifest: () => {
      const text = read();
      return text === null ? null : { text, file };
    },
  };
}

/**
 * A remote's route list from its manifest on another origin: fetched on first use (a request
 * waits at most FETCH_TIMEOUT_MS), then served from memory and refreshed in the background once
 * older than ROUTES_TTL_MS. A failed or invalid fetch keeps the last good list, so a remote that is
 * briefly down does not turn its pages into 404s; before the first good answer, the routes of the
 * remote's build next to this server (`seed`, if there is one) stand in, so its pages show the
 * remote's own "unavailable" state rather than a 404 while its host is down.
 */
function fetchedRoutes(
  url: string,
  seed: () => RemoteRoute[],
  fetchImpl: typeof fetch,
  now: () => number,
): { routes: () => Promise<RemoteRoute[]>; manifest: () => ManifestSource | null } {
  let last: RemoteRoute[] | null = null;
  let lastText: string | null = null;
  let at = -Infinity;
  let pending: Promise<void> | null = null;
  const refresh = () =>
    (pending ??= fetchImpl(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'application/json' } })
      .then(async (r) => {
        const text = r.ok ? await readCapped(r, MAX_MANIFEST_BYTES) : null;
        const routes = text === null ? null : routesOfManifest(text);
        if (routes) [last, lastText] = [routes, text];
      })
      .catch(() => undefined)
      .finally(() => {
        at = now();
        pending = null;
      }));
  return {
    routes: async () => {
      if (at === -Infinity) await refresh();
      else if (now() - at > ROUTES_TTL_MS) void refresh();
      return last ?? seed();
    },
    manifest: () => (lastText === null ? null : { text: lastText, url }),
  };
}

export interface RemoteRouteLists {
  /** The remote list (`/remotes.json`) with each remote's routes as its deployed manifest lists them now. */
  list(): Promise<RemotesManifest>;
  /** Each remote's manifest as last read by `list()` (null: none yet, or a remote given by its remoteEntry.js). */
  manifest(key: RemoteName): ManifestSource | null;
}

/**
 * Where each remote lives (config) and which pages it owns (its manifest's `metaData.routes`):
 * read from the file for a remote this server hosts (re-read when it changes), fetched from its
 * origin for one deployed elsewhere (see fetchedRoutes). A remote given by its remoteEntry.js has
 * no manifest, so no pages of its own on this server (its sections still load).
 */
export function remoteRouteLists(
  config: Pick<Config, 'remoteUrls' | 'remoteDists' | 'FOUNDER_SLUG'>,
  { fetchImpl = fetch, now = Date.now }: { fetchImpl?: typeof fetch; now?: () => number } = {},
): RemoteRouteLists {
  const readers = REMOTE_NAMES.map((key: RemoteName) => {
    const entry = config.remoteUrls[key];
    const local = fileRoutes(path.join(config.remoteDists[key], 'mf-manifest.json'));
    if (entry === `/remotes/${key}/mf-manifest.json`) return { routes: async () => local.routes(), manifest: local.manifest };
    if (/^https?:\/\//.test(entry) && /\.json$/.test(new URL(entry).pathname)) return fetchedRoutes(entry, local.routes, fetchImpl, now);
    return { routes: async () => [], manifest: () => null };
  });
  return {
    manifest: (key) => readers[REMOTE_NAMES.indexOf(key)]?.manifest() ?? null,
    async list() {
      const routes = await Promise.all(readers.map((read) => read.routes()));
      return {
        remotes: REMOTE_NAMES.map((key, i) => ({ key, name: FEDERATION_NAMES[key], entry: config.remoteUrls[key], routes: routes[i] })),
        founderSlug: config.FOUNDER_SLUG,
      };
    },
  };
}

const shared = new WeakMap<object, RemoteRouteLists>();

/** One RemoteRouteLists per configuration: `/remotes.json` and the pages read the same lists (and fetch each manifest once). */
export function routeListsFor(config: Pick<Config, 'remoteUrls' | 'remoteDists' | 'FOUNDER_SLUG'>): RemoteRouteLists {
  let lists = shared.get(config);
  if (!lists) shared.set(config, (lists = remoteRouteLists(config)));
  return lists;
}
