import type { ComponentType } from 'react';
import { RouteTable } from '@val/ui/router';
import { parseRemoteRoutes, type RemoteRoutesProps } from '@val/contracts';
import routeList from '../routes.json';

/**
 * The pages this remote owns: `../routes.json` (paths and heads; the build copies it into
 * mf-manifest.json) → screens. Step 3 lives on the home page today, so the list is empty; a page
 * added here is served and routed without touching the shell.
 */
export const ROUTES = parseRemoteRoutes(routeList);

/** Each route's screen, by its path in routes.json (a test checks both lists match). */
export const SCREENS: Record<string, ComponentType<RemoteRoutesProps>> = {};

/** `val_simulation/Routes`: this remote's pages; the shell shows it for any path of ROUTES. */
export default function Routes({ apiBase = '' }: RemoteRoutesProps) {
  return <RouteTable routes={ROUTES} screens={SCREENS} props={{ apiBase }} />;
}
