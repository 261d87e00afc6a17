import { PARTNER_COMPANIES, partnerByCompany, type LinkType } from './partners';

/** Shape of a product id (the catalogue's slugs). */
export const PRODUCT_SLUG_PATTERN = /^[a-z0-9-]{1,80}$/;
/** Click locations are short slugs, e.g. 'purchase'. */
export const CLICK_LOCATION_PATTERN = /^[a-z0-9-]{1,40}$/;
/** Most form inputs one product click may report. */
export const MAX_CLICK_INPUTS = 50;

/** Body of `POST /api/track-click`: a click on a partner tool's logo or button. */
export interface TrackClickRequest {
  /** Lower-case partner company (one of PARTNER_COMPANIES). */
  company: string;
  linkType: LinkType;
  /** The partner's `url` or `logoUrl`. */
  url: string;
}

/** Body of `POST /api/track-product-click`: a click on a research product (fire and forget). */
export interface TrackProductClickRequest {
  /** A product id of the catalogue. */
  product: string;
  /** Where the click happened, a short slug (e.g. 'purchase'). */
  location: string;
  /** Filled form fields, 0..50. */
  inputs: number;
  /** Stored only as a keyed hash, for unique-email counts. */
  email?: string;
}

/** An inclusive day range (UTC `YYYY-MM-DD`) of the admin stats; both ends optional. */
export interface StatsRange {
  from?: string;
  to?: string;
}

/**
 * `GET /api/admin/session`: whether this server has the admin dashboard switched on (an admin
 * password is set) and whether the request carries a live admin session. Always 200, so the
 * dashboard learns which screen to show with one request and no failed one.
 */
export interface AdminSessionState {
  enabled: boolean;
  signedIn: boolean;
}

/** Body of `POST /api/admin/login`. */
export interface AdminLoginRequest {
  password: string;
}

/** Link statistic record: one per company, link type and url. */
export interface LinkStat {
  company: string;
  linkType: LinkType;
  clickCount: number;
  /** ISO timestamp of the latest click. */
  lastClicked: string | null;
  url: string;
}

/** Product statistic record: one per product and location. */
export interface ProductStat {
  product: string;
  location: string;
  clickCount: number;
  totalInputs: number;
  /** Distinct emails (stored as keyed hashes) that clicked this product at this location. */
  uniqueEmails: number;
  lastClicked: string | null;
}

/** One day of `GET /api/admin/daily`. */
export interface DailyClicks {
  /** `YYYY-MM-DD` (UTC). */
  day: string;
  clicks: number;
}

/** A contact-form message as the admin reads it. */
export interface AdminMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** ISO timestamp. */
  createdAt: string;
}

/** `GET /api/admin/messages?limit&offset`: newest first. */
export interface AdminMessagesResponse {
  messages: AdminMessage[];
  total: number;
}

/** Partner row derived for display. */
export interface PartnerRow {
  /** Capitalised company name. */
  company: string;
  logoClicks: number;
  buttonClicks: number;
  totalClicks: number;
  logoUrl?: string;
  buttonUrl?: string;
  /** The later of the logo's and the button's last click (ISO), if any. */
  lastClicked: string | null;
}

const capitalise = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/**
 * Derives the dashboard's partner rows from link statistics: one row per partner of the list
 * (plus any unknown company in the stats), logo + button = total, the later last click,
 * ranked by total clicks descending (ties keep the partner list's order).
 */
export function derivePartnerRows(stats: ReadonlyArray<LinkStat>, companies: ReadonlyArray<string> = PARTNER_COMPANIES): PartnerRow[] {
  const order = [...companies];
  for (const s of stats) if (!order.includes(s.company)) order.push(s.company);
  const rows = order.map((company) => {
    const mine = stats.filter((s) => s.company === company);
    const pick = (type: LinkType) => {
      const list = mine.filter((s) => s.linkType === type);
      const clicks = list.reduce((n, s) => n + s.clickCount, 0);
      const top = [...list].sort((a, b) => b.clickCount - a.clickCount)[0];
      const last = list.reduce<string | null>((m, s) => (s.lastClicked && (!m || s.lastClicked > m) ? s.lastClicked : m), null);
      return { clicks, url: top?.url, last };
    };
    const logo = pick('logo');
    const button = pick('button');
    const partner = partnerByCompany(company);
    const lastClicked = [logo.last, button.last].reduce<string | null>((m, d) => (d && (!m || d > m) ? d : m), null);
    return {
      company: capitalise(company),
      logoClicks: logo.clicks,
      buttonClicks: button.clicks,
      totalClicks: logo.clicks + button.clicks,
      logoUrl: logo.url ?? partner?.logoUrl,
      buttonUrl: button.url ?? partner?.url,
      lastClicked,
    };
  });
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => b.r.totalClicks - a.r.totalClicks || a.i - b.i)
    .map(({ r }) => r);
}
