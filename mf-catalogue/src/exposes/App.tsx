import { lazy, Suspense, type ComponentType } from 'react';
import type { CatalogueAppProps, CatalogueView } from '@val/contracts';

/** One chunk per screen: a page loads the code of the screen it shows, nothing else. */
const screen = <P,>(load: () => Promise<ComponentType<P>>) => lazy(() => load().then((C) => ({ default: C })));
const PaidView = screen(() => import('../paid').then((m) => m.PaidView));
const Catalogue = screen(() => import('../catalogue/Catalogue').then((m) => m.Catalogue));
const ProductsView = screen(() => import('../pages/ProductsView').then((m) => m.ProductsView));
const EnterpriseView = screen(() => import('../pages/EnterpriseView').then((m) => m.EnterpriseView));
const ReportView = screen(() => import('../report/ReportView').then((m) => m.ReportView));

const PAID_VIEWS: ReadonlyArray<CatalogueView> = ['hero', 'success', 'log', 'test'];

/** The catalogue remote: one App, many screens, chosen by `view`. */
export default function App(props: CatalogueAppProps) {
  const { view, reportId, apiBase = '' } = props;
  return (
    <Suspense fallback={<div aria-busy="true" style={{ minHeight: 240 }} />}>
      {/* The paid flow's views (hero, /success, /log, /test) live in ../paid. */}
      {PAID_VIEWS.includes(view) ? (
        <PaidView {...props} view={view as 'hero' | 'success' | 'log' | 'test'} />
      ) : (
        <div data-remote="catalogue" data-view={view}>
          {view === 'catalogue' && <Catalogue apiBase={apiBase} />}
          {view === 'products' && <ProductsView apiBase={apiBase} />}
          {view === 'enterprise' && <EnterpriseView />}
          {view === 'report' && <ReportView key={reportId ?? ''} reportId={reportId} apiBase={apiBase} />}
        </div>
      )}
    </Suspense>
  );
}
