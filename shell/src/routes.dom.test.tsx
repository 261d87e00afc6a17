import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { init } from '@module-federation/enhanced/runtime';
import { ThemeProvider } from '@val/ui';
import { PageError, ROUTES } from './App';

/**
 * The shell's router as a visitor meets it: its own pages, the catch-all that asks the remote list
 * who owns a path (the list is inlined in the page, as the BFF does), the founder page at its
 * slug, the 404 screen, and a route's error boundary.
 */
function inlineRemoteList(list: unknown) {
  document.getElementById('val-remotes')?.remove();
  const el = document.createElement('script');
  el.id = 'val-remotes';
  el.type = 'application/json';
  el.textContent = JSON.stringify(list);
  document.head.appendChild(el);
}

const LIST = {
  founderSlug: 'jane',
  remotes: [
    { key: 'validation', name: 'val_validation', entry: 'http://127.0.0.1:9/validation/mf-manifest.json', routes: [] },
    { key: 'simulation', name: 'val_simulation', entry: 'http://127.0.0.1:9/simulation/mf-manifest.json', routes: [] },
    { key: 'catalogue', name: 'val_catalogue', entry: 'http://127.0.0.1:9/catalogue/mf-manifest.json', routes: [] },
    {
      key: 'admin',
      name: 'val_admin',
      entry: 'http://127.0.0.1:9/admin/mf-manifest.json',
      routes: [{ path: '/admin', title: 'Admin — Val', description: 'd' }],
    },
  ],
};

function show(path: string, routes: RouteObject[] = ROUTES) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <ThemeProvider>
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
  return router;
}

beforeAll(() => {
  // What the shell's webpack build does before its first render: the page's federation runtime.
  init({ name: 'val_shell', remotes: [] });
  // jsdom has no layout: the shell's scroll-to-top on navigation has nothing to do.
  window.scrollTo = () => undefined;
  inlineRemoteList(LIST);
});

describe("the shell's routes", () => {
  it('a path no one owns shows the 404 screen', async () => {
    show('/nope-xyz');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it("a remote's path shows that remote's slot (here its host is down: its own error state and Retry, the frame intact)", async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    show('/admin');
    expect(await screen.findByTestId('remote-loading')).toBeTruthy();
    expect(await screen.findByText('This section is unavailable', {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '404 Page Not Found' })).toBeNull();
    expect(screen.getAllByRole('banner').length).toBeGreaterThan(0);
    errors.mockRestore();
  }, 40_000);

  it('the founder page is at the configured slug, and only there', async () => {
    show('/jane');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '404 Page Not Found' })).toBeNull();
  });

  it('a page that crashes while rendering shows its error boundary inside the frame, with a way home', async () => {
    const Broken = () => {
      throw new Error('boom');
    };
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    show('/broken', [{ path: '/broken', element: <Broken />, errorElement: <PageError /> }]);
    expect(await screen.findByRole('heading', { name: 'This page could not be shown' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it('navigating between pages keeps one router: a link from the 404 page goes home without a reload', async () => {
    const router = show('/nope-xyz');
    const link = await screen.findByRole('link', { name: 'Back to home' });
    await act(async () => link.click());
    expect(router.state.location.pathname).toBe('/');
  });
});
