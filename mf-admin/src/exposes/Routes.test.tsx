import { ROUTES, SCREENS } from './Routes';

// The route list is what the manifest carries (the server's 200/404 and each page's head, the
// shell's choice of remote); the screens are what this remote renders. Both must name the same pages.
describe("this remote's pages", () => {
  it('every route in routes.json has a screen, and every screen a route', () => {
    expect(Object.keys(SCREENS).sort()).toEqual(ROUTES.map((r) => r.path).sort());
  });

  it('no page is listed twice, and each has a title and a description', () => {
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    for (const r of ROUTES) expect([r.title.length > 0, r.description.length > 0]).toEqual([true, true]);
  });
});
