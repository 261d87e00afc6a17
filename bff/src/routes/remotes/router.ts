import path from 'node:path';
import Router from '@koa/router';
import { REMOTE_NAMES, type RemoteName } from '@val/contracts';
import type { Config } from '../../config/env';
import type { AppDeps } from '../../deps';
import { routeListsFor } from './routeLists';

/**
 * The manifests of the remotes this server hosts itself (those left at their default address
 * `/remotes/<name>/`): their URL in the list → the file in the remote's build folder. The shell's
 * pages inline them (staticFiles.ts spaFallback).
 */
export function hostedManifests(config: Pick<Config, 'remoteUrls' | 'remoteDists'>): Record<string, string> {
  const hosted = REMOTE_NAMES.filter((n: RemoteName) => config.remoteUrls[n] === `/remotes/${n}/mf-manifest.json`);
  return Object.fromEntries(hosted.map((n) => [config.remoteUrls[n], path.join(config.remoteDists[n], 'mf-manifest.json')]));
}

/**
 * `GET /remotes.json`: where the shell finds each remote, from config (no rebuild to move one),
 * and the pages each remote owns, from its deployed manifest (no shell rebuild to add one). The
 * same list is inlined into every page the shell serves (staticFiles.ts `spaFallback`).
 */
export function remotesRouter({ config }: AppDeps): Router {
  const router = new Router();
  const lists = routeListsFor(config);
  router.get('/remotes.json', async (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = await lists.list();
  });
  return router;
}
