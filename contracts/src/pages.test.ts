import { matchesPagePath, pageOf } from './pages';

describe('which page a path shows (the server answers 404 when none)', () => {
  it.each([
    ['/', 'home'],
    ['/index.html', 'home'],
    ['/about', 'about'],
    ['/about/', 'about'],
    ['/report', 'report'],
    ['/report/9f1c', 'report'],
    ['/v/abc', 'permalink'],
    ['/success', 'success'],
    ['/success/cs_test_1', 'success'],
    ['/validation-strategy', 'validationStrategy'],
    ['/jane', 'founder'],
  ])('%s → %s', (path, page) => {
    expect(pageOf(path, 'jane')).toBe(page);
  });

  it.each(['/nope-xyz', '/founder', '/about/team', '/v', '/v/a/b', '/report/a/b', '/products/extra', '/jane/more', '/ABOUT'])('%s → no page', (path) => {
    expect(pageOf(path, 'jane')).toBeNull();
  });

  it('an optional parameter is optional only at the end; a required one needs its segment', () => {
    expect(matchesPagePath('/v/:id', '/v')).toBe(false);
    expect(matchesPagePath('/v/:id', '/v/x')).toBe(true);
    expect(matchesPagePath('/report/:reportId?', '/report')).toBe(true);
    expect(matchesPagePath('/report/:reportId?', '/reports')).toBe(false);
  });
});
