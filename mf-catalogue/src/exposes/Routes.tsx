import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes as RouterRoutes, useParams } from 'react-router-dom';
import { parseRemoteRoutes, type RemoteRoutesProps } from '@val/contracts';
import routeList from '../routes.json';

/** The pages this remote owns: `../routes.json` (paths and heads; the build copies it into mf-manifest.json) → screens. */
export const ROUTES = parseRemoteRoutes(routeList);

/** One chunk per screen: a page loads the code of the screen it shows, nothing else. */
const screen = <P,>(load: () => Promise<ComponentType<P>>) => lazy(() => load().then((C) => ({ default: C })));
const ProductsView = screen(() => import('../pages/ProductsView').then((m) => m.ProductsView));
const EnterpriseView = screen(() => import('../pages/EnterpriseView').then((m) => m.EnterpriseView));
const ReportView = screen(() => import('../report/ReportView').then((m) => m.ReportView));
const SuccessPage = screen(() => import('../paid/SuccessPage').then((m) => m.SuccessPage));
const LogPage = screen(() => import('../paid/LogPage').then((m) => m.LogPage));
const TestPage = screen(() => import('../paid/TestPage').then((m) => m.TestPage));

function Report({ apiBase }: RemoteRoutesProps) {
  const { reportId } = useParams();
  return <ReportView key={reportId ?? ''} reportId={reportId} apiBase={apiBase} />;
}

function Success({ apiBase }: RemoteRoutesProps) {
  const { session_id: sessionId } = useParams();
  return <SuccessPage apiBase={apiBase} sessionId={sessionId} />;
}

/** Each route's screen, by its path in routes.json (a test checks both lists match). */
export const SCREENS: Record<string, { view: string; Screen: ComponentType<RemoteRoutesProps> }> = {
  '/products': { view: 'products', Screen: ProductsView },
  '/enterprise': { view: 'enterprise', Screen: EnterpriseView },
  '/report/:reportId?': { view: 'report', Screen: Report },
  '/success/:session_id?': { view: 'success', Screen: Success },
  '/log': { view: 'log', Screen: LogPage },
  '/test': { view: 'test', Screen: TestPage },
};

/** `val_catalogue/Routes`: the catalogue's pages; the shell shows it for any path of ROUTES. */
export default function Routes({ apiBase = '' }: RemoteRoutesProps) {
  return (
    <Suspense fallback={<div aria-busy="true" style={{ minHeight: 240 }} />}>
      <RouterRoutes>
        {ROUTES.map(({ path }) => {
          const { view, Screen } = SCREENS[path];
          return (
            <Route
              key={path}
              path={path}
              element={
                <div data-remote="catalogue" data-view={view}>
                  <Screen apiBase={apiBase} />
                </div>
              }
            />
          );
        })}
        <Route path="*" element={null} />
      </RouterRoutes>
    </Suspense>
  );
}
