/**
 * `@val/ui/router`: the routing API the shell and the remotes share — React Router 7
 * (`react-router-dom`), re-exported name by name. It is one federation singleton (a remote's
 * `<Routes>`, links and hooks must run in the shell's router), and a shared module is bundled
 * whole: sharing `react-router-dom` itself put all of React Router 7 (its framework-mode, server
 * and RSC parts included) on the landing page. Through this list webpack tree-shakes it to what
 * the front ends use. A remote that needs another export adds it here (a new version of the shared
 * module: an older shell then refuses that remote, in its slot, instead of handing it `undefined`).
 */
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
