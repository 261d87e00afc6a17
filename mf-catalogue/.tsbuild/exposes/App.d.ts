import type { CatalogueAppProps } from '@val/contracts';
/** The catalogue remote: one App, many screens, chosen by `view`. */
export default function App({ view, reportId }: CatalogueAppProps): import("react").JSX.Element;
