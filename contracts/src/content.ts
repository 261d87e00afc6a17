/**
 * The contracts of the two public, non-AI endpoints behind the marketing pages:
 * `GET /api/public-stats` and `POST /api/contact`. The marketing copy itself is `@val/content`.
 */

// ---------------------------------------------------------------------------------------------
// GET /api/public-stats
// ---------------------------------------------------------------------------------------------

/**
 * The path of the public stats (API_ROUTES.publicStats), named here for the landing page: the
 * home page's proof bar asks for it before anything else loads, and the typed client
 * (`@val/client`, with the whole route table) would add ~2 KB gzip to that path.
 */
export const PUBLIC_STATS_PATH = '/api/public-stats';

/** Answer of `GET /api/public-stats`. */
export interface PublicStats {
  /** Stored validations plus the configured baseline. */
  entrepreneursValidated: number;
  /** Ids of the trust badges this deployment shows. */
  trustBadges: string[];
}

// ---------------------------------------------------------------------------------------------
// POST /api/contact
// ---------------------------------------------------------------------------------------------

/** Size limits of the contact form (characters, after trimming). */
export const CONTACT_LIMITS = { name: 100, email: 254, subject: 200, message: 5000 } as const;

/** Body of `POST /api/contact`. */
export interface ContactRequest {
  name: string;
  email: string;
  subject: string;
  message: string;
}
export type ContactField = keyof ContactRequest;

/** Answer of `POST /api/contact` (201). */
export interface ContactResponse {
  id: string;
  /** ISO time the message was stored. */
  receivedAt: string;
}
