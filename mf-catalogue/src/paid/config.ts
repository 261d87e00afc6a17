import { PAID_PATHS, type PaidConfig } from '@val/contracts';

/** Until the server answers: every host is this origin. */
export const DEFAULT_PAID_CONFIG: PaidConfig = {
  feasibilityBaseUrl: '',
  authBaseUrl: '',
  planBaseUrl: '',
  checkoutMode: 'test',
  signIn: 'embedded',
};

const cache = new Map<string, Promise<PaidConfig>>();

/** `GET /api/feasibility/config` once per page (the defaults when it fails). */
export function loadPaidConfig(apiBase = ''): Promise<PaidConfig> {
  let p = cache.get(apiBase);
  if (!p) {
    // A plain fetch of the contract's path, not the typed client: the $25 hero on the landing page
    // reads this, and the client's route table would add ~10 KB gzip to the landing critical path.
    p = fetch(`${apiBase}${PAID_PATHS.config}`, { credentials: 'include' })
      .then((r) => (r.ok ? (r.json() as Promise<PaidConfig>) : DEFAULT_PAID_CONFIG))
      .catch(() => {
        cache.delete(apiBase);
        return DEFAULT_PAID_CONFIG;
      });
    cache.set(apiBase, p);
  }
  return p;
}
