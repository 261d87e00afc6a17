import { lazy, Suspense, type ComponentType } from 'react';
import { RouteTable, useParams } from '@val/ui/router';
import { PAGE_DATA_KEYS, parseRemoteRoutes, type RemoteRoutesProps, type StoredValidationView } from '@val/contracts';
import routeList from '../routes.json';

/** The pages this remote owns: `../routes.json` (paths and heads; the build copies it into mf-manifest.json) → screens. */
export const ROUTES = parseRemoteRoutes(routeList);

// The permalink page loads only where it is shown: the landing page does not pay for it.
const PermalinkPage = lazy(() => import(/* webpackChunkName: "permalink" */ '../permalink/PermalinkPage'));

function Permalink({ apiBase, pageData }: RemoteRoutesProps) {
  const { id } = useParams();
  // The validation the server rendered this page with (`GET /api/validations/{id}`'s answer), if any.
  const initial = id ? pageData?.[PAGE_DATA_KEYS.validation(id)] : undefined;
  return <PermalinkPage apiBase={apiBase} validationId={id} initial={initial as StoredValidationView | undefined} />;
}

/** Each route's screen, by its path in routes.json (a test checks both lists match). */
export const SCREENS: Record<string, ComponentType<RemoteRoutesProps>> = { '/v/:id': Permalink };

/** `val_validation/Routes`: a validation's read-only permalink page; the shell shows it for any path of ROUTES. */
export default function Routes({ apiBase = '', pageData }: RemoteRoutesProps) {
  return (
    <Suspense fallback={<div style={{ minHeight: 500 }} aria-busy="true" />}>
      <RouteTable routes={ROUTES} screens={SCREENS} props={{ apiBase, pageData }} />
    </Suspense>
  );
}
