import { PAGE_PATHS } from '@val/contracts';
import { ROUTES } from './App';

// The server answers 200 or 404 from PAGE_PATHS and the remotes' route lists, so the shell's router
// must mount exactly the shell's pages (plus one catch-all, which hands any other path to the
// remote that owns it, the founder page or the not-found page): a literal path here would be a
// page the server calls missing.
describe("the shell's routes are its page list", () => {
  const pages = ROUTES[0].children ?? [];
  const paths = pages.map((r) => r.path);

  it('every route path is a PAGE_PATHS entry (the founder slug aside) or the one catch-all', () => {
    const own = Object.entries(PAGE_PATHS)
      .filter(([name]) => name !== 'founder')
      .map(([, p]) => p);
    expect(paths.filter((p) => p !== '*').sort()).toEqual([...own].sort());
    expect(paths.filter((p) => p === '*')).toHaveLength(1);
  });

  it('no route path is mounted twice', () => {
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('every page has its own error boundary, and so has the frame', () => {
    expect(ROUTES[0].errorElement).toBeTruthy();
    expect(pages.filter((r) => !r.errorElement).map((r) => r.path)).toEqual([]);
  });
});
