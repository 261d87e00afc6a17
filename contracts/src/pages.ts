import type { RemoteName } from './remotes';

/**
 * The shell's own pages, by name → path pattern (`:param` one segment, `:param?` an optional last
 * segment). Every other page belongs to a remote: each remote lists its routes in its
 * `src/routes.json`, its build writes them into its `mf-manifest.json` (`metaData.routes`), and
 * the BFF passes them to the shell in the remote list (`/remotes.json`). The shell mounts these
 * paths and hands any other path to the remote whose routes match it; the BFF answers 200 with
 * the app for a path the shell or a remote owns and 404 (with the same app, which shows its
 * not-found page) for any other, so crawlers and monitors see real statuses. `founder` is the
 * founder page at the configured slug (`founderSlug` of `/remotes.json`); no other single segment
 * is a page of the shell.
 */
export const PAGE_PATHS = {
  home: '/',
  old: '/old',
  about: '/about',
  terms: '/terms',
  privacy: '/privacy',
  validationStrategy: '/validation-strategy',
  consulting: '/consulting',
  api: '/api',
  security: '/security',
  founder: '/:slug',
} as const;

export type PageName = keyof typeof PAGE_PATHS;

/**
 * The permalink page of a validation (the spec's `/v/:id`). The validation remote owns the page;
 * the BFF writes its head (the idea and its score) for link previews.
 */
export const PERMALINK_PATH = '/v/:id';

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

/** A page a remote owns: its path pattern and its head (what `src/routes.json` lists). */
export interface RemoteRoute extends PageMeta {
  path: string;
  /**
   * Whether the server renders the remote's screen into the page's HTML (its frame always is).
   * By default a page search engines may index is rendered and a `noindex` one is not (a visitor's
   * own screen, which needs the browser's session); a route says otherwise with `ssr`.
   */
  ssr?: boolean;
}

/** Whether the server renders a remote route's screen (RemoteRoute.ssr). */
export const rendersOnServer = (route: Pick<RemoteRoute, 'ssr' | 'noindex'>): boolean => route.ssr ?? !route.noindex;

/** One segment of a route pattern: a literal, a `:param`, or an optional last `:param?`. */
const SEGMENT = /^(?:[A-Za-z0-9._~-]+|:[A-Za-z_][A-Za-z0-9_]*\??)$/;

/**
 * Checks a remote's route list (hand-written so the browser needs no schema library). Throws on
 * anything that is not a list of `{ path, title, description, noindex?, ssr? }` with a valid pattern.
 */
export function parseRemoteRoutes(json: unknown): RemoteRoute[] {
  if (!Array.isArray(json)) throw new Error('routes: not a list');
  return json.map((r: Partial<RemoteRoute> | null, i) => {
    const segs = typeof r?.path === 'string' ? r.path.split('/') : [];
    const okPath =
      typeof r?.path === 'string' &&
      r.path.startsWith('/') &&
      r.path.length <= 200 &&
      segs.slice(1).every((seg, j, all) => (seg === '' ? all.length === 1 : SEGMENT.test(seg) && (!seg.endsWith('?') || j === all.length - 1)));
    const okText = (v: unknown) => typeof v === 'string' && v.trim() !== '' && v.length <= 300;
    const okFlag = (v: unknown) => v === undefined || typeof v === 'boolean';
    if (!r || !okPath || !okText(r.title) || !okText(r.description) || !okFlag(r.noindex) || !okFlag(r.ssr)) {
      throw new Error(`routes[${i}]: not a route ({ path, title, description, noindex?, ssr? })`);
    }
    return {
      path: r.path!,
      title: r.title!,
      description: r.description!,
      ...(r.noindex ? { noindex: true } : {}),
      ...(r.ssr !== undefined ? { ssr: r.ssr } : {}),
    };
  });
}

/** Who shows a path: one of the shell's pages, or a route of a remote. */
export type PageOwner = { shell: PageName } | { remote: RemoteName; route: RemoteRoute };

/**
 * Who shows a path, or null when no one does (the server answers 404). The shell's own pages come
 * first, then each remote's routes in the order of the list; the founder slug is the shell's.
 */
export function pageOf(pathname: string, founderSlug: string, remotes: ReadonlyArray<{ key: RemoteName; routes?: RemoteRoute[] }> = []): PageOwner | null {
  if (pathname === '/index.html') return { shell: 'home' };
  for (const [name, pattern] of Object.entries(PAGE_PATHS) as Array<[PageName, string]>) {
    if (name === 'founder') continue;
    if (matchesPagePath(pattern, pathname)) return { shell: name };
  }
  for (const r of remotes) {
    const route = r.routes?.find((x) => matchesPagePath(x.path, pathname));
    if (route) return { remote: r.key, route };
  }
  const segs = pathname.split('/').filter(Boolean);
  return segs.length === 1 && segs[0] === founderSlug ? { shell: 'founder' } : null;
}

/** The head of the page that shows a path (the not-found page's when no one does). */
export function metaOf(owner: PageOwner | null): PageMeta {
  if (!owner) return NOT_FOUND_META;
  return 'shell' in owner ? PAGE_META[owner.shell] : owner.route;
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

/** Each of the shell's pages' title and description. The BFF writes them into the page's HTML; the page renders its `<title>` as the visitor navigates. */
export const PAGE_META: Record<PageName, PageMeta> = {
  home: LANDING,
  old: { ...LANDING, noindex: true },
  about: { title: 'About Val', description: 'Who Val is, how it helps founders validate startup ideas, and how to reach the team.' },
  terms: { title: 'Terms of Service — Val', description: 'The terms for using Val, its free validation and its paid research reports.' },
  privacy: { title: 'Privacy Policy — Val', description: 'What Val stores about you, why, and for how long.' },
  validationStrategy: {
    // The article's own title (the page's heading).
    title: 'How I Validate Startup Ideas Before Building Them — Val',
    description: 'How to validate a startup idea step by step: customer interviews, a launch simulation and research reports.',
  },
  consulting: { title: 'Consulting — Val', description: 'Work with the founder behind Val on your startup idea.' },
  api: { title: 'The Val API — Val', description: "Val's HTTP API: validate ideas, run simulations and read reports." },
  security: { title: 'Security — Val', description: 'How Val protects your ideas, your account and your payments.' },
  founder: { title: 'The founder — Val', description: 'Four startups, two failures, one lesson: talk to customers before you write code.' },
};

/** The page no one owns. */
export const NOT_FOUND_META: PageMeta = { title: '404 Page Not Found — Val', description: 'This page does not exist.', noindex: true };
