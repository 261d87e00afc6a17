import type { Config } from '../config/env';
import type { Logger } from '../logger';
import { routeListsFor } from '../routes/remotes/routeLists';
import { createServerRenderer, type ServerRenderer } from './serverRender';

const renderers = new WeakMap<object, ServerRenderer>();

/** One server renderer per configuration (its loaded server parts are kept between requests). */
export function serverRendererFor(config: Pick<Config, 'shellDist' | 'remoteUrls' | 'remoteDists' | 'FOUNDER_SLUG'>, logger: Logger): ServerRenderer {
  let renderer = renderers.get(config);
  if (!renderer) {
    renderer = createServerRenderer({
      shellDist: config.shellDist,
      remotes: routeListsFor(config),
      warn: (message, detail) => logger.warn(detail ?? {}, message),
    });
    renderers.set(config, renderer);
  }
  return renderer;
}
