import { useEffect, useState } from 'react';
import { PUBLIC_STATS_PATH, type PublicStats } from '@val/contracts';
import { DEFAULT_VALIDATED_BASELINE } from '@val/content';

function parsePublicStats(json: unknown): PublicStats {
  const s = json as Partial<PublicStats> | null;
  if (!s || typeof s.entrepreneursValidated !== 'number' || !Array.isArray(s.trustBadges)) throw new Error('public stats: unexpected answer');
  return { entrepreneursValidated: s.entrepreneursValidated, trustBadges: s.trustBadges.filter((b): b is string => typeof b === 'string') };
}

let pending: Promise<PublicStats> | null = null;

/**
 * Fetches `GET /api/public-stats` once per page load (shared by every caller). The home page asks
 * for it on its first screen, so it names the path by the contracts' constant (the route table's
 * own) instead of loading the typed client: `@val/client` would add ~2 KB gzip (the
 * whole route table) to the landing page's critical path, which has ~1 KB left under its gate.
 */
export function fetchPublicStats(): Promise<PublicStats> {
  if (!pending) {
    pending = fetch(PUBLIC_STATS_PATH, { credentials: 'include', headers: { accept: 'application/json' } })
      .then((r) => {
        if (!r.ok) throw new Error(`public stats: ${r.status}`);
        return r.json();
      })
      .then(parsePublicStats)
      .catch((e) => {
        pending = null;
        throw e;
      });
  }
  return pending;
}

export interface PublicStatsState {
  loading: boolean;
  /** Live count, or null while loading. Falls back to the content baseline if the call fails. */
  entrepreneursValidated: number | null;
  /** Badge ids the deployment shows; null = unknown (the call failed: show the content's enabled badges). */
  trustBadges: string[] | null;
}

/** The live marketing numbers for the home page. */
export function usePublicStats(): PublicStatsState {
  const [state, setState] = useState<PublicStatsState>({ loading: true, entrepreneursValidated: null, trustBadges: null });
  useEffect(() => {
    let alive = true;
    fetchPublicStats().then(
      (s) => alive && setState({ loading: false, entrepreneursValidated: s.entrepreneursValidated, trustBadges: s.trustBadges }),
      (err) => {
        console.warn('Public stats unavailable', err);
        if (alive) setState({ loading: false, entrepreneursValidated: DEFAULT_VALIDATED_BASELINE, trustBadges: null });
      },
    );
    return () => {
      alive = false;
    };
  }, []);
  return state;
}
