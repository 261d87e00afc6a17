import type { ComponentType } from 'react';
import { RouteTable } from '@val/ui/router';
import { parseRemoteRoutes, type RemoteRoutesProps } from '@val/contracts';
import routeList from '../routes.json';
import AdminApp from '../AdminApp';

/** The pages this remote owns: `../routes.json` (paths and heads; the build copies it into mf-manifest.json) → screens. */
export const ROUTES = parseRemoteRoutes(routeList);

/** Each route's screen, by its path in routes.json (a test checks both lists match). */
export const SCREENS: Record<string, ComponentType<RemoteRoutesProps>> = { '/admin': AdminApp };

/** `val_admin/Routes`: the admin login and the analytics dashboard; the shell shows it for any path of ROUTES. */
export default function Routes({ apiBase = '' }: RemoteRoutesProps) {
  return <RouteTable routes={ROUTES} screens={SCREENS} props={{ apiBase }} />;
}
