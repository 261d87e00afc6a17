/** The Startup Resources Kit's categories, in display order (shown locked before step 1). */
export const RESOURCE_CATEGORIES = [
  'Website builder',
  'Audience building',
  'Business planning',
  'Presentations',
  'Collaboration',
  'Organization',
  'Education',
] as const;
export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];

/** What each category helps the founder do next, as the unlocked kit's intro lists it. */
export const RESOURCE_CATEGORY_ACTIONS: Readonly<Record<ResourceCategory, string>> = {
  'Website builder': 'build',
  'Audience building': 'grow an audience',
  'Business planning': 'plan',
  Presentations: 'pitch',
  Collaboration: 'collaborate',
  Organization: 'organise',
  Education: 'learn',
};

/** A partner tool (spec: name, title, description, url, logo, color, category). */
export interface PartnerTool {
  /** Lower-case company name: the `company` of click tracking. */
  company: string;
  /** Display name, e.g. "Bubble" (the button reads "Try {name}"). */
  name: string;
  title: string;
  description: string;
  category: ResourceCategory;
  /** Where the "Try {name}" button goes (affiliate link). */
  url: string;
  /** Where the logo goes (the partner's home page). */
  logoUrl: string;
  /** Monogram drawn as the logo (no hot-linked images). */
  logo: { initials: string; background: string; foreground: string };
  /** Brand colour used as an accent. */
  color: string;
  /** Highlighted with a purple border in the kit. */
  highlighted: boolean;
  /** A perk shown on the card, if any. */
  perk?: string;
}

/**
 * The partner tools: one list for the kit, the article, the affiliate cards and the admin. Texts
 * that count them ("Seven hand-picked tools", "of 7 partners") read its length.
 */
export const PARTNER_TOOLS: ReadonlyArray<PartnerTool> = [
  {
    company: 'bubble',
    name: 'Bubble',
    title: 'Build your web app without code',
    description: 'Turn the validated idea into a working product: a visual builder for real web apps, with a database, logins and payments.',
    category: 'Website builder',
    url: 'https://bubble.io/?ref=val',
    logoUrl: 'https://bubble.io/',
    logo: { initials: 'B', background: '#0d2cff', foreground: '#ffffff' },
    color: '#0d2cff',
    highlighted: true,
  },
  {
    company: 'beehiiv',
    name: 'beehiiv',
    title: 'Grow an audience before you launch',
    description: 'Start a newsletter for the customers you just described, collect sign-ups from day one and learn what they open.',
    category: 'Audience building',
    url: 'https://www.beehiiv.com/?via=val',
    logoUrl: 'https://www.beehiiv.com/',
    logo: { initials: 'bh', background: '#f5c518', foreground: '#111111' },
    color: '#f5c518',
    highlighted: true,
  },
  {
    company: 'liveplan',
    name: 'LivePlan',
    title: 'Write the business plan and forecast',
    description: 'Guided business plans with financial forecasts, so the numbers from your validation become a plan investors can read.',
    category: 'Business planning',
    url: 'https://www.liveplan.com/?ref=val',
    logoUrl: 'https://www.liveplan.com/',
    logo: { initials: 'LP', background: '#1f8f4e', foreground: '#ffffff' },
    color: '#1f8f4e',
    highlighted: false,
  },
  {
    company: 'gamma',
    name: 'Gamma',
    title: 'Make a pitch deck with AI',
    description: 'Paste your idea and Val’s analysis, get a clean pitch deck in minutes, then edit it like a doc.',
    category: 'Presentations',
    url: 'https://gamma.app/?ref=val',
    logoUrl: 'https://gamma.app/',
    logo: { initials: 'G', background: '#6d28d9', foreground: '#ffffff' },
    color: '#6d28d9',
    highlighted: true,
  },
  {
    company: 'miro',
    name: 'Miro',
    title: 'Map the idea with your team',
    description: 'An online whiteboard for customer journeys, interview notes and the experiments you will run next.',
    category: 'Collaboration',
    url: 'https://miro.com/?ref=val',
    logoUrl: 'https://miro.com/',
    logo: { initials: 'M', background: '#ffd02f', foreground: '#050038' },
    color: '#ffd02f',
    highlighted: false,
  },
  {
    company: 'notion',
    name: 'Notion',
    title: 'Keep the whole startup in one workspace',
    description: 'Notes, roadmaps and a simple CRM for the customers you interview, in one place you can share.',
    category: 'Organization',
    url: 'https://www.notion.so/?ref=val',
    logoUrl: 'https://www.notion.so/',
    logo: { initials: 'N', background: '#ffffff', foreground: '#111111' },
    color: '#9ca3af',
    highlighted: false,
  },
  {
    company: 'augment',
    name: 'Augment',
    title: 'Learn to build a company, step by step',
    description: 'A course for first-time founders: validation, first customers, pricing and growth, taught by people who did it.',
    category: 'Education',
    url: 'https://www.augment.com/?ref=val',
    logoUrl: 'https://www.augment.com/',
    logo: { initials: 'A', background: '#ef4444', foreground: '#ffffff' },
    color: '#ef4444',
    highlighted: true,
    perk: 'Members get 30% off',
  },
];

/** Lower-case company names of the partner list. */
export const PARTNER_COMPANIES = PARTNER_TOOLS.map((p) => p.company);

/** Click tracking link types. */
export const LINK_TYPES = ['logo', 'button'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

export function partnerByCompany(company: string): PartnerTool | undefined {
  return PARTNER_TOOLS.find((p) => p.company === company);
}
