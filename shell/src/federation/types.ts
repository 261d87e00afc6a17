import type { ComponentProps } from 'react';
import type AdminApp from 'val_admin/App';
import type CatalogueApp from 'val_catalogue/App';
import type CatalogueHero from 'val_catalogue/Hero';
import type SimulationApp from 'val_simulation/App';
import type ValidationApp from 'val_validation/App';

/**
 * What each remote exposes and the props it takes, read from the remotes' own type output
 * (`@mf-types`, emitted by @module-federation/enhanced's dts plugin into each remote's
 * dist/@mf-types; shell/tsconfig.json maps `val_<name>/*` there). A remote that changes its props
 * breaks the shell's type-check where the props are passed.
 */
export interface RemoteExposes {
  validation: { App: ComponentProps<typeof ValidationApp> };
  simulation: { App: ComponentProps<typeof SimulationApp> };
  catalogue: { App: ComponentProps<typeof CatalogueApp>; Hero: ComponentProps<typeof CatalogueHero> };
  admin: { App: ComponentProps<typeof AdminApp> };
}
