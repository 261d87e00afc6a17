import type { RemoteBaseProps } from '@val/contracts';
import { FeasibilityHero } from '../paid/FeasibilityHero';

/**
 * `val_catalogue/Hero`: the feasibility hero of the home page alone, so the first screen loads
 * only what it shows (the other screens are in `./App`, each in its own chunk).
 */
export default function Hero({ apiBase = '' }: RemoteBaseProps) {
  return (
    <div data-remote="catalogue" data-view="hero">
      <FeasibilityHero apiBase={apiBase} />
    </div>
  );
}
