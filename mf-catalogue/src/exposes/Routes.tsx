import { lazy, Suspense, type ComponentType } from 'react';
import { RouteTable, useParams } from '@val/ui/router';
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

function Report({ apiBase, pageData }: RemoteRoutesProps) {
  const { reportId } = useParams();
  return <ReportView key={reportId ?? ''} reportId={reportId} apiBase={apiBase} pageData={pageData} />;
}

function Success({ apiBase }: RemoteRoutesProps) {
  const { session_id: sessionId } = useParams();
  return <SuccessPage apiBase={apiBase} sessionId={sessionId} />;
}

/** A screen inside the catalogue's frame (`data-view` names it for the browser tests). */
const framed =
  (view: string, Screen: ComponentType<RemoteRoutesProps>): ComponentType<RemoteRoutesProps> =>
  (props) => (
    <div data-remote="catalogue" data-view={view}>
      <Screen {...props} />
    </div>
  );

/** Each route's screen, by its path in routes.json (a test checks both lists match). */
export const SCREENS: Record<string, ComponentType<RemoteRoutesProps>> = {
  '/products': framed('products', ProductsView),
  '/enterprise': framed('enterprise', EnterpriseView),
  '/report/:reportId?': framed('report', Report),
  '/success/:session_id?': framed('success', Success),
  '/log': framed('log', LogPage),
  '/test': framed('test', TestPage),
};

/** `val_catalogue/Routes`: the catalogue's pages; the shell shows it for any path of ROUTES. */
export default function Routes({ apiBase = '', pageData }: RemoteRoutesProps) {
  return (
    <Suspense fallback={<div aria-busy="true" style={{ minHeight: 240 }} />}>
      <RouteTable routes={ROUTES} screens={SCREENS} props={{ apiBase, pageData }} />
    </Suspense>
  );
}
