/**
 * The pages of the app, by name → path pattern (`:param` one segment, `:param?` an optional
 * last segment). The shell's router mounts exactly these, and the BFF answers 200 with the app
 * for a path one of them matches and 404 (with the same app, which shows its not-found page)
 * for any other, so crawlers and monitors see real statuses. `founder` is the founder page at
 * the configured slug (`founderSlug` of `/remotes.json`); no other single segment is a page.
 */
export const PAGE_PATHS = {
  home: '/',
  old: '/old',
  about: '/about',
  terms: '/terms',
  privacy: '/privacy',
  report: '/report/:reportId?',
  permalink: '/v/:id',
  validationStrategy: '/validation-strategy',
  test: '/test',
  success: '/success/:session_id?',
  log: '/log',
  products: '/products',
  admin: '/admin',
  enterprise: '/enterprise',
  consulting: '/consulting',
  api: '/api',
  security: '/security',
  founder: '/:slug',
} as const;

export type PageName = keyof typeof PAGE_PATHS;

/** Whether `pattern` matches `pathname` (a trailing slash is ignored, as the router does). */
export function matchesPagePath(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (got.length > want.length) return false;
  return want.every((seg, i) => {
    if (seg.startsWith(':')) return got[i] !== undefined || (seg.endsWith('?') && i === want.length - 1);
    return got[i] === seg;
  });
}

/** The page a path shows, or null when no page owns it (the server answers 404). */
export function pageOf(pathname: string, founderSlug: string): PageName | null {
  if (pathname === '/index.html') return 'home';
  for (const [name, pattern] of Object.entries(PAGE_PATHS) as Array<[PageName, string]>) {
    if (name === 'founder') continue;
    if (matchesPagePath(pattern, pathname)) return name;
  }
  const segs = pathname.split('/').filter(Boolean);
  return segs.length === 1 && segs[0] === founderSlug ? 'founder' : null;
}

/** What a page tells a browser tab, a search engine and a link preview before any script runs. */
export interface PageMeta {
  /** The document title (the tab, the search result, the link preview's headline). */
  title: string;
  description: string;
  /** Kept out of search engines: private, transient or operator pages. */
  noindex?: boolean;
}

const LANDING: PageMeta = {
  title: 'Val — validate your startup idea with AI',
  description: 'Validate your startup idea with Val, an AI mentor. Free, no sign-up.',
};

/** Each page's title and description. The BFF writes them into the page's HTML; the shell sets the title as the visitor navigates. */
export const PAGE_META: Record<PageName, PageMeta> = {
  home: LANDING,
  old: { ...LANDING, noindex: true },
  about: { title: 'About Val', description: 'Who Val is, how it helps founders validate startup ideas, and how to reach the team.' },
  terms: { title: 'Terms of Service — Val', description: 'The terms for using Val, its free validation and its paid research reports.' },
  privacy: { title: 'Privacy Policy — Val', description: 'What Val stores about you, why, and for how long.' },
  report: { title: 'Your report — Val', description: 'Your AI research report from Val.', noindex: true },
  permalink: { title: 'A startup idea validated by Val', description: "Val's feedback on a startup idea: its score, strengths, risks and next steps." },
  validationStrategy: {
    // The article's own title (the page's heading).
    title: 'How I Validate Startup Ideas Before Building Them — Val',
    description: 'How to validate a startup idea step by step: customer interviews, a launch simulation and research reports.',
  },
  test: { title: 'Test — Val', description: 'Diagnostic run.', noindex: true },
  success: { title: 'Payment received — Val', description: 'Your report is on its way.', noindex: true },
  log: { title: 'Signing in — Val', description: 'Signing you in.', noindex: true },
  products: {
    title: 'AI research reports — Val',
    description: 'Eight AI research reports and a feasibility study for your startup idea, each written by a team of AI agents.',
  },
  admin: { title: 'Analytics Dashboard — Val', description: "Val's analytics dashboard for operators.", noindex: true },
  enterprise: { title: 'Enterprise — Val', description: 'Val for teams: research reports and idea validation at scale.' },
  consulting: { title: 'Consulting — Val', description: 'Work with the founder behind Val on your startup idea.' },
  api: { title: 'The Val API — Val', description: "Val's HTTP API: validate ideas, run simulations and read reports." },
  security: { title: 'Security — Val', description: 'How Val protects your ideas, your account and your payments.' },
  founder: { title: 'The founder — Val', description: 'Four startups, two failures, one lesson: talk to customers before you write code.' },
};

/** The page no one owns. */
export const NOT_FOUND_META: PageMeta = { title: '404 Page Not Found — Val', description: 'This page does not exist.', noindex: true };
