import type { CatalogueAppProps } from '@val/contracts';
import { isPaidView, PaidView } from '../paid';
import { Catalogue } from '../catalogue/Catalogue';
import { EnterpriseView } from '../pages/EnterpriseView';
import { ProductsView } from '../pages/ProductsView';
import { ReportView } from '../report/ReportView';

/** The catalogue remote: one App, many screens, chosen by `view`. */
export default function App(props: CatalogueAppProps) {
  const { view, reportId, apiBase = '' } = props;
  // The paid flow's views (hero, /success, /log, /test) live in ../paid.
  if (isPaidView(view)) return <PaidView {...props} view={view} />;
  return (
    <div data-remote="catalogue" data-view={view}>
      {view === 'catalogue' && <Catalogue apiBase={apiBase} />}
      {view === 'products' && <ProductsView apiBase={apiBase} />}
      {view === 'enterprise' && <EnterpriseView />}
      {view === 'report' && <ReportView key={reportId ?? ''} reportId={reportId} apiBase={apiBase} />}
    </div>
  );
}
