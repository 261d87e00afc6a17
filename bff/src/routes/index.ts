import type Router from '@koa/router';
import type { AppDeps } from '../deps';
import { healthRouter } from './health/router';
import { remotesRouter } from './remotes/router';

/** Every router of the BFF, in mount order. Add a resource's router here. */
export const routers: ReadonlyArray<(deps: AppDeps) => Router> = [healthRouter, remotesRouter];
