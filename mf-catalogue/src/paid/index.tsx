import type { CatalogueAppProps, CatalogueView } from '@val/contracts';
import { FeasibilityHero } from './FeasibilityHero';
import { LogPage } from './LogPage';
import { SuccessPage } from './SuccessPage';
import { TestPage } from './TestPage';

export { startPaidPurchase } from './purchase';

/** The catalogue views the paid flow owns. */
export type PaidViewName = Extract<CatalogueView, 'hero' | 'success' | 'log' | 'test'>;

export function isPaidView(view: CatalogueView): view is PaidViewName {
  return view === 'hero' || view === 'success' || view === 'log' || view === 'test';
}

/** The feasibility hero and the /success, /log and /test pages. */
export function PaidView({ view, apiBase = '', sessionId }: CatalogueAppProps & { view: PaidViewName }) {
  return (
    <div data-remote="catalogue" data-view={view}>
      {view === 'hero' && <FeasibilityHero apiBase={apiBase} />}
      {view === 'success' && <SuccessPage apiBase={apiBase} sessionId={sessionId} />}
      {view === 'log' && <LogPage apiBase={apiBase} />}
      {view === 'test' && <TestPage apiBase={apiBase} />}
    </div>
  );
}
