import type { ComponentProps } from 'react';
import type AdminRoutes from 'val_admin/Routes';
import type CatalogueSection from 'val_catalogue/Catalogue';
import type CatalogueHero from 'val_catalogue/Hero';
import type CatalogueRoutes from 'val_catalogue/Routes';
import type SimulationApp from 'val_simulation/App';
import type SimulationRoutes from 'val_simulation/Routes';
import type ValidationLab from 'val_validation/Lab';
import type ValidationResources from 'val_validation/Resources';
import type ValidationRoutes from 'val_validation/Routes';

/**
 * What each remote exposes and the props it takes, read from the remotes' own type output
 * (`@mf-types`, emitted by @module-federation/enhanced's dts plugin into each remote's
 * dist/@mf-types; shell/tsconfig.json maps `val_<name>/*` there). A remote that changes its props
 * breaks the shell's type-check where the props are passed. `Routes` is a remote's pages: the
 * shell renders it for any path the remote's route list owns, with the same props for every remote.
 */
export interface RemoteExposes {
  validation: {
    Lab: ComponentProps<typeof ValidationLab>;
    Resources: ComponentProps<typeof ValidationResources>;
    Routes: ComponentProps<typeof ValidationRoutes>;
  };
  simulation: { App: ComponentProps<typeof SimulationApp>; Routes: ComponentProps<typeof SimulationRoutes> };
  catalogue: { Hero: ComponentProps<typeof CatalogueHero>; Catalogue: ComponentProps<typeof CatalogueSection>; Routes: ComponentProps<typeof CatalogueRoutes> };
  admin: { Routes: ComponentProps<typeof AdminRoutes> };
}
