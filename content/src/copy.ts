import { FEASIBILITY_STUDY_RUNTIME_SECONDS, VALIDATION_RUNTIME_SECONDS, formatRuntime } from '@val/contracts';

/**
 * The marketing content of Val, in one typed module: every claim, testimonial, badge and outside
 * link the pages show comes from here (never scattered literals), so an operator edits one file.
 * Plain data: each page bundles what it shows (not a federation-shared module).
 */

/** The product's name (the mentor persona carries it). */
export const PRODUCT_NAME = 'Val';

// ---------------------------------------------------------------------------------------------
// Claims
// ---------------------------------------------------------------------------------------------

/** A headline number with what it means. */
export interface Claim {
  /** What is shown big, e.g. "10+". */
  value: string;
  /** What the number counts, e.g. "AI agents". */
  label: string;
  /** A shorter value for tight spaces (stat tiles), e.g. "30s". */
  short?: string;
}

/**
 * The fixed claims the site makes (agents, hours and money saved, runtimes). The two runtimes are not literals: each names
 * its product and comes from that product's runtime in the catalogue, the same number the
 * catalogue card, the purchase dialog and the report page quote.
 */
export const CLAIMS = {
  aiAgents: { value: '10+', label: 'AI agents' },
  hoursSaved: { value: '90+', label: 'hours of research saved' },
  runtime: { value: formatRuntime(FEASIBILITY_STUDY_RUNTIME_SECONDS), label: 'average feasibility study runtime' },
  moneySaved: { value: '$15,000+', label: 'saved versus consultants' },
  reportTime: {
    value: formatRuntime(VALIDATION_RUNTIME_SECONDS),
    short: `${VALIDATION_RUNTIME_SECONDS}s`,
    label: 'to your free validation report',
  },
} as const satisfies Record<string, Claim>;

/** The runtime claim in seconds (25 m 54 s), for anything that computes with it. */
export const CLAIMED_RUNTIME_SECONDS = FEASIBILITY_STUDY_RUNTIME_SECONDS;

/**
 * "Entrepreneurs validated" is live: stored validations plus this baseline (the validations
 * made before this database existed). The BFF's `VALIDATED_BASELINE` overrides it.
 */
export const DEFAULT_VALIDATED_BASELINE = 278_355;
export const ENTREPRENEURS_VALIDATED_LABEL = 'entrepreneurs validated';

/** The rating badge; it links to the product-launch page. */
export const RATING_BADGE = {
  score: 4.85,
  outOf: 5,
  site: 'Product Hunt',
  url: 'https://www.producthunt.com/products/val',
} as const;

/** The newsletter behind the call-to-action (an external page, opened in a new tab). */
export const NEWSLETTER = {
  name: 'The Validated Founder',
  readers: 200_000,
  readersLabel: '200,000+',
  url: 'https://thevalidatedfounder.beehiiv.com/subscribe',
} as const;

/** A trust badge. `enabled: false` hides it everywhere; `TRUST_BADGES` in the BFF narrows further. */
export interface TrustBadge {
  id: string;
  label: string;
  /** A word or two after the label, e.g. "ready". */
  note: string;
  /** Shown as the badge's title (tooltip). */
  description: string;
  enabled: boolean;
}

export const TRUST_BADGES: ReadonlyArray<TrustBadge> = [
  {
    id: 'soc2',
    label: 'SOC2',
    note: 'audited providers',
    description: 'Built on SOC2-audited infrastructure and payment providers',
    enabled: true,
  },
  {
    id: 'gdpr',
    label: 'GDPR',
    note: 'ready',
    description: 'GDPR-ready: minimal data, no accounts, deletion on request',
    enabled: true,
  },
];

/**
 * The badges to show: those enabled here, narrowed to `allowedIds` when the deployment sent a
 * list (from `GET /api/public-stats`), in content order.
 */
export function visibleTrustBadges(allowedIds?: ReadonlyArray<string> | null): TrustBadge[] {
  return TRUST_BADGES.filter((b) => b.enabled && (!allowedIds || allowedIds.includes(b.id)));
}

/** The business-school research quoted on the home page. */
export const BUSINESS_SCHOOL_QUOTE = {
  quote: 'About three out of four venture-backed startups never return their investors’ money.',
  source: 'Research by Shikhar Ghosh, Harvard Business School',
} as const;

// ---------------------------------------------------------------------------------------------
// Testimonials, press, people and links
// ---------------------------------------------------------------------------------------------

/** A testimonial (spec: initial, name, company or location, quote). */
export interface Testimonial {
  initial: string;
  name: string;
  /** Company or location. */
  place: string;
  quote: string;
}

export const TESTIMONIALS: ReadonlyArray<Testimonial> = [
  {
    initial: 'M',
    name: 'Maya Thompson',
    place: 'Austin, TX',
    quote:
      'I was two weeks from quitting my job for a meal-kit idea. Val showed me my customer cared about price far more than I did. I changed the offer, not the dream.',
  },
  {
    initial: 'D',
    name: 'Daniel Okafor',
    place: 'Lagos, Nigeria',
    quote:
      'The customer interviews felt uncomfortably real. One persona asked exactly the question my first investor asked a month later. I had the answer ready.',
  },
  {
    initial: 'S',
    name: 'Sofia Marquez',
    place: 'Brightpath Studio',
    quote: 'We ran three ideas through Val in one afternoon and killed two of them. That afternoon saved us a quarter of wasted building.',
  },
  {
    initial: 'J',
    name: 'James Liu',
    place: 'Toronto, Canada',
    quote: 'The six-month simulation made churn real for me. I added onboarding calls before launch and my first cohort stayed.',
  },
  {
    initial: 'A',
    name: 'Aisha Rahman',
    place: 'Northwind Analytics',
    quote: 'The feasibility study read like a report from a small consulting team: market, risks, numbers, next steps. For the price of lunch.',
  },
  {
    initial: 'L',
    name: 'Lukas Becker',
    place: 'Berlin, Germany',
    quote: 'Honest feedback is rare when friends and family love you. Val was kind but clear, and that is what I needed.',
  },
];

/** A publication in the About page's 'Featured In' list. */
export interface PressMention {
  name: string;
  url: string;
  /** What they wrote about, in a few words. */
  note: string;
}

export const PRESS: ReadonlyArray<PressMention> = [
  { name: RATING_BADGE.site, url: RATING_BADGE.url, note: `Rated ${RATING_BADGE.score} by the launch community` },
  { name: 'Indie Hackers', url: 'https://www.indiehackers.com/', note: 'Validating ideas before writing code' },
  { name: 'Hacker News', url: 'https://news.ycombinator.com/', note: 'Show HN: an AI mentor for idea validation' },
  { name: 'BetaList', url: 'https://betalist.com/', note: 'Featured startup tools for early founders' },
  { name: NEWSLETTER.name, url: NEWSLETTER.url, note: `Read by ${NEWSLETTER.readersLabel} founders` },
];

/** The person behind Val (About and founder pages). */
export const FOUNDER = {
  name: 'Sam Carter',
  role: 'Founder of Val',
  initials: 'SC',
  linkedInUrl: 'https://www.linkedin.com/in/samcarter-val/',
} as const;

/** The footer's social links. */
export const SOCIAL_LINKS: ReadonlyArray<{ label: string; href: string }> = [
  { label: 'X (Twitter)', href: 'https://x.com/' },
  { label: 'LinkedIn', href: FOUNDER.linkedInUrl },
  { label: 'YouTube', href: 'https://www.youtube.com/' },
];

/** The validation-strategy article (`/validation-strategy`). */
export const VALIDATION_ARTICLE = {
  title: 'How I Validate Startup Ideas Before Building Them',
  /** ISO date of publication. */
  date: '2025-08-14',
  dateLabel: 'August 14, 2025',
  /** Partner tools (by `company` in PARTNER_TOOLS) the article links to, in order. */
  partnerCompanies: ['bubble', 'beehiiv', 'gamma'],
  /** The AI-agent readiness test the fifth step points to. */
  agentReadinessTestUrl: 'https://isitagentready.com/',
  /** Where readers can follow the founder (professional network). */
  professionalNetworkUrl: FOUNDER.linkedInUrl,
} as const;

/** Date shown on the Terms of Service and the Privacy Policy. */
export const LEGAL_LAST_UPDATED = 'November 26, 2026';

/** Where 'Try AI Validation Free' and the closing call-to-action lead. */
export const VALIDATION_SECTION_HREF = '/#validation';

/** Formats a count the way the pages show it: 278,355. */
export function formatCount(n: number): string {
  return Math.max(0, Math.floor(n)).toLocaleString('en-US');
}

/** The spec's confirmation toast. */
export const CONTACT_SENT_TOAST = {
  title: 'Message Sent!',
  description: "Thanks for reaching out. I'll get back to you soon!",
} as const;
