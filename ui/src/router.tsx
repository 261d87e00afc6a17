/**
 * `@val/ui/router`: the routing API the shell and the remotes share — React Router 7
 * (`react-router-dom`), re-exported name by name. It is one federation singleton (a remote's
 * `<Routes>`, links and hooks must run in the shell's router), and a shared module is bundled
 * whole: sharing `react-router-dom` itself put all of React Router 7 (its framework-mode, server
 * and RSC parts included) on the landing page. Through this list webpack tree-shakes it to what
 * the front ends use. A remote that needs another export adds it here (a new version of the shared
 * module: an older shell then refuses that remote, in its slot, instead of handing it `undefined`).
 */
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';

export {
  BrowserRouter,
  createBrowserRouter,
  createMemoryRouter,
  isRouteErrorResponse,
  Link,
  MemoryRouter,
  Outlet,
  Route,
  RouterProvider,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
} from 'react-router-dom';
export type { RouteObject } from 'react-router-dom';

/**
 * A remote's pages as React Router routes: each path of its route list (its `src/routes.json`,
 * which its manifest carries to the BFF and the shell) renders its screen with the remote's props.
 * Any other path renders nothing: the shell only shows a remote's Routes where its list matches.
 */
export function RouteTable<P extends object>({
  routes,
  screens,
  props,
}: {
  routes: ReadonlyArray<{ path: string }>;
  screens: Readonly<Record<string, ComponentType<P>>>;
  props: NoInfer<P>;
}) {
  return (
    <Routes>
      {routes.map(({ path }) => {
        const Screen = screens[path];
        return <Route key={path} path={path} element={<Screen {...props} />} />;
      })}
      <Route path="*" element={null} />
    </Routes>
  );
}
