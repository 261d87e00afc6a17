import { matchesPagePath, metaOf, NOT_FOUND_META, PAGE_META, pageOf, parseRemoteRoutes, rendersOnServer, type RemoteRoute } from './pages';
import type { RemoteName } from './remotes';

const route = (path: string, title = `${path} — Val`): RemoteRoute => ({ path, title, description: `The ${path} page.` });
const remotes: Array<{ key: RemoteName; routes: RemoteRoute[] }> = [
  { key: 'validation', routes: [route('/v/:id')] },
  { key: 'simulation', routes: [] },
  { key: 'catalogue', routes: [route('/products'), route('/report/:reportId?'), route('/success/:session_id?')] },
  { key: 'admin', routes: [route('/admin')] },
];

describe('who shows a path (the server answers 404 when no one does)', () => {
  it.each([
    ['/', 'home'],
    ['/index.html', 'home'],
    ['/about', 'about'],
    ['/about/', 'about'],
    ['/validation-strategy', 'validationStrategy'],
    ['/jane', 'founder'],
  ])('%s → the shell page %s', (path, page) => {
    expect(pageOf(path, 'jane', remotes)).toEqual({ shell: page });
  });

  it.each([
    ['/report', 'catalogue', '/report/:reportId?'],
    ['/report/9f1c', 'catalogue', '/report/:reportId?'],
    ['/v/abc', 'validation', '/v/:id'],
    ['/success', 'catalogue', '/success/:session_id?'],
    ['/success/cs_test_1', 'catalogue', '/success/:session_id?'],
    ['/admin', 'admin', '/admin'],
  ])('%s → the remote %s (route %s)', (path, remote, pattern) => {
    const owner = pageOf(path, 'jane', remotes);
    expect(owner && 'remote' in owner ? [owner.remote, owner.route.path] : owner).toEqual([remote, pattern]);
  });

  it.each(['/nope-xyz', '/founder', '/about/team', '/v', '/v/a/b', '/report/a/b', '/products/extra', '/jane/more', '/ABOUT', '/enterprise'])(
    '%s → no one',
    (path) => {
      expect(pageOf(path, 'jane', remotes)).toBeNull();
    },
  );

  it('a remote page exists only while a remote lists it', () => {
    expect(pageOf('/products', 'jane')).toBeNull();
    expect(pageOf('/guides', 'jane', [...remotes, { key: 'catalogue', routes: [route('/guides')] }])).toMatchObject({ remote: 'catalogue' });
  });

  it("the shell's pages come first: a remote cannot take one of them", () => {
    expect(pageOf('/about', 'jane', [{ key: 'catalogue', routes: [route('/about', 'Hijacked')] }])).toEqual({ shell: 'about' });
  });

  it('the head of a path: the shell page, the remote route, or the not-found page', () => {
    expect(metaOf(pageOf('/about', 'jane', remotes))).toEqual(PAGE_META.about);
    expect(metaOf(pageOf('/products', 'jane', remotes)).title).toBe('/products — Val');
    expect(metaOf(pageOf('/nope', 'jane', remotes))).toEqual(NOT_FOUND_META);
  });

  it('an optional parameter is optional only at the end; a required one needs its segment', () => {
    expect(matchesPagePath('/v/:id', '/v')).toBe(false);
    expect(matchesPagePath('/v/:id', '/v/x')).toBe(true);
    expect(matchesPagePath('/report/:reportId?', '/report')).toBe(true);
    expect(matchesPagePath('/report/:reportId?', '/reports')).toBe(false);
  });
});

describe("a remote's route list", () => {
  it('keeps path, title, description, noindex and ssr', () => {
    expect(parseRemoteRoutes([{ path: '/report/:reportId?', title: 'R', description: 'D', noindex: true, extra: 1 }])).toEqual([
      { path: '/report/:reportId?', title: 'R', description: 'D', noindex: true },
    ]);
    expect(parseRemoteRoutes([{ path: '/report/:reportId?', title: 'R', description: 'D', noindex: true, ssr: true }])).toEqual([
      { path: '/report/:reportId?', title: 'R', description: 'D', noindex: true, ssr: true },
    ]);
  });

  it('the server renders an indexable page, not a noindex one, unless the route says', () => {
    expect(rendersOnServer({})).toBe(true);
    expect(rendersOnServer({ noindex: true })).toBe(false);
    expect(rendersOnServer({ noindex: true, ssr: true })).toBe(true);
    expect(rendersOnServer({ ssr: false })).toBe(false);
  });

  it.each([
    ['not a list', { path: '/x' }],
    ['no leading slash', [{ path: 'x', title: 'T', description: 'D' }]],
    ['an optional segment before the end', [{ path: '/a/:b?/c', title: 'T', description: 'D' }]],
    ['a splat', [{ path: '/a/*', title: 'T', description: 'D' }]],
    ['an empty title', [{ path: '/a', title: ' ', description: 'D' }]],
    ['no description', [{ path: '/a', title: 'T' }]],
    ['a noindex that is not a boolean', [{ path: '/a', title: 'T', description: 'D', noindex: 'yes' }]],
    ['an ssr that is not a boolean', [{ path: '/a', title: 'T', description: 'D', ssr: 1 }]],
    ['a double slash', [{ path: '/a//b', title: 'T', description: 'D' }]],
  ])('rejects %s', (_what, json) => {
    expect(() => parseRemoteRoutes(json)).toThrow();
  });
});
