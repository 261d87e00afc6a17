import type { CatalogueSectionProps } from '@val/contracts';
import { Catalogue as CatalogueSection } from '../catalogue/Catalogue';

/** `val_catalogue/Catalogue`: the home page's catalogue section (the eight reports and the purchase dialog). */
export default function Catalogue({ apiBase = '' }: CatalogueSectionProps) {
  return (
    <div data-remote="catalogue" data-view="catalogue">
      <CatalogueSection apiBase={apiBase} />
    </div>
  );
}
