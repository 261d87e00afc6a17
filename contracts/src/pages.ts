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
