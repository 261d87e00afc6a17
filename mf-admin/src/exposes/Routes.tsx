import { Route, Routes as RouterRoutes } from 'react-router-dom';
import { parseRemoteRoutes, type RemoteRoutesProps } from '@val/contracts';
import routeList from '../routes.json';
import App from './App';

/** The pages this remote owns: `../routes.json` (paths and heads; the build copies it into mf-manifest.json) → screens. */
export const ROUTES = parseRemoteRoutes(routeList);

/** Each route's screen, by its path in routes.json (a test checks both lists match). */
export const SCREENS: Record<string, typeof App> = { '/admin': App };

/** `val_admin/Routes`: the admin login and the analytics dashboard; the shell shows it for any path of ROUTES. */
export default function Routes({ apiBase = '' }: RemoteRoutesProps) {
  return (
    <RouterRoutes>
      {ROUTES.map(({ path }) => {
        const Screen = SCREENS[path];
        return <Route key={path} path={path} element={<Screen apiBase={apiBase} />} />;
      })}
      <Route path="*" element={null} />
    </RouterRoutes>
  );
}
