import Router from '@koa/router';
import { FEDERATION_NAMES, REMOTE_NAMES, type RemotesManifest } from '@val/contracts';
import type { AppDeps } from '../../deps';

/** `GET /remotes.json`: where the shell finds each remote, from config (no rebuild to move one). */
export function remotesRouter({ config }: AppDeps): Router {
  const router = new Router();
  const manifest: RemotesManifest = {
    remotes: REMOTE_NAMES.map((key) => ({ key, name: FEDERATION_NAMES[key], entry: config.remoteUrls[key] })),
    founderSlug: config.FOUNDER_SLUG,
  };
  router.get('/remotes.json', (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = manifest;
  });
  return router;
}
