import type { CatalogueAppProps } from '@val/contracts';
import { Heading, Muted } from '@val/ui';

/** The catalogue remote: one App, many screens, chosen by `view`. */
export default function App({ view, reportId }: CatalogueAppProps) {
  return (
    <div data-remote="catalogue" data-view={view}>
      {view === 'report' && !reportId ? (
        <>
          <Heading>Report Not Found</Heading>
          <Muted>The requested report could not be loaded.</Muted>
        </>
      ) : (
        <>
          <Heading>AI Research Reports</Heading>
          <Muted>Eight research reports, each written by a team of AI agents.</Muted>
        </>
      )}
    </div>
  );
}
