import type { CatalogueSectionProps } from '@val/contracts';
import { FeasibilityHero } from '../paid/FeasibilityHero';

/**
 * `val_catalogue/Hero`: the feasibility hero of the home page alone, so the first screen loads
 * only what it shows (the pages are in `./Routes`, the home page's catalogue section in `./Catalogue`).
 */
export default function Hero({ apiBase = '' }: CatalogueSectionProps) {
  return (
    <div data-remote="catalogue" data-view="hero">
      <FeasibilityHero apiBase={apiBase} />
    </div>
  );
}
