import { parseRemoteRoutes, type RemoteRoute } from './pages';

/** The four federated remotes, by the short name used in config and URLs. */
export const REMOTE_NAMES = ['validation', 'simulation', 'catalogue', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Module Federation container name of each remote (must match its webpack config). */
export const FEDERATION_NAMES: Record<RemoteName, string> = {
  validation: 'val_validation',
  simulation: 'val_simulation',
  catalogue: 'val_catalogue',
  admin: 'val_admin',
};

/** One remote in `GET /remotes.json`: its federation name, its manifest (or entry) URL, and the pages it owns (from its manifest). */
export interface RemoteListEntry {
  key: RemoteName;
  name: string;
  entry: string;
  /** The remote's routes, as its deployed manifest lists them (`metaData.routes`); empty while unknown. */
  routes: RemoteRoute[];
}

/** `GET /remotes.json`: where each remote's manifest lives and which pages it owns, read by the shell at run time. */
export interface RemotesManifest {
  remotes: RemoteListEntry[];
  /** Slug of the founder page (`/{name}` in the spec). */
  founderSlug: string;
}

/** Checks a `/remotes.json` answer (hand-written so the browser needs no schema library). */
export function parseRemotesManifest(json: unknown): RemotesManifest {
  const m = json as Partial<RemotesManifest> | null;
  const ok =
    !!m &&
    typeof m.founderSlug === 'string' &&
    Array.isArray(m.remotes) &&
    m.remotes.every((r) => !!r && (REMOTE_NAMES as readonly string[]).includes(r.key) && typeof r.name === 'string' && typeof r.entry === 'string');
  if (!ok) throw new Error('remotes.json is not a valid remotes manifest');
  return {
    remotes: m.remotes!.map((r) => ({ key: r.key, name: r.name, entry: r.entry, routes: r.routes === undefined ? [] : parseRemoteRoutes(r.routes) })),
    founderSlug: m.founderSlug!,
  };
}
