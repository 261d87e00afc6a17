/**
 * The shell's server part (built to dist/server/ssr.js by tooling/webpack.mf.js `serverConfig`;
 * the BFF loads it, bff/src/ssr): the page's first screen as HTML, rendered by the same routes and
 * components as in the browser, with the remotes' server parts the BFF passes in, and the
 * styled-components CSS it uses. The browser then hydrates it (src/bootstrap.tsx).
 *
 * It also provides the modules the remotes' server parts share with it (`shared`, the server's
 * counterpart of the federation's shared singletons), with their versions.
 */
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as ReactDOMServer from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
// The static router is server-only: it is not in @val/ui/router (the browser's shared list), and it
// is the same react-router-dom that list re-exports (one module in this bundle, one router context).
// eslint-disable-next-line no-restricted-imports -- see above
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import * as styled from 'styled-components';
import { ServerStyleSheet } from 'styled-components';
import * as ui from '@val/ui';
import * as uiRouter from '@val/ui/router';
import type { PageData, RemotesManifest } from '@val/contracts';
import { AppFrame, ROUTES } from './App';
import { ServerPartsContext } from './federation/serverParts';
import reactPkg from 'react/package.json';
import reactDomPkg from 'react-dom/package.json';
import routerPkg from 'react-router-dom/package.json';
import styledPkg from 'styled-components/package.json';
import uiPkg from '@val/ui/package.json';

/** The modules a remote's server part takes from this one (tooling/webpack.mf.js SERVER_SHARED), and their versions. */
export const shared: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react-dom': ReactDOM,
  'react-dom/server': ReactDOMServer,
  'styled-components': styled,
  '@val/ui': ui,
  '@val/ui/router': uiRouter,
};
export const sharedVersions: Record<string, string> = {
  react: reactPkg.version,
  'react/jsx-runtime': reactPkg.version,
  'react-dom': reactDomPkg.version,
  'react-dom/server': reactDomPkg.version,
  'styled-components': styledPkg.version,
  '@val/ui': uiPkg.version,
  '@val/ui/router': routerPkg.version,
};

export interface RenderInput {
  /** The page's URL (path and query; the origin is only for the router's Request). */
  url: string;
  list: RemotesManifest;
  /** Remote components the BFF loaded, by `<remote>/<expose>`. */
  components: Record<string, React.ComponentType<never>>;
  /** What the server read for this page (PageData), handed to its remote. */
  pageData?: PageData;
  /** The render gives up after this long; what is not ready by then is left to the browser. */
  timeoutMs: number;
}

export interface RenderOutput {
  /** The inside of `<div id="root">`. */
  html: string;
  /** styled-components' `<style>` tags for what the HTML uses. */
  styles: string;
  /** Errors React met (a part it left to the browser), as text. */
  errors: string[];
}

/** Renders the page at `url` to HTML once everything in it (lazy pages, remote parts) is ready, or the time is up. */
export async function render({ url, list, components, pageData, timeoutMs }: RenderInput): Promise<RenderOutput> {
  const handler = createStaticHandler(ROUTES);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`The route answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const sheet = new ServerStyleSheet();
  const errors: string[] = [];
  try {
    const tree = sheet.collectStyles(
      <ServerPartsContext.Provider value={{ list, components, pageData }}>
        <AppFrame>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppFrame>
      </ServerPartsContext.Provider>,
    );
    // prerender, not renderToPipeableStream: it waits for every lazy part and writes each in place,
    // with no out-of-order segments and no inline scripts to move them (the CSP allows none).
    const signal = AbortSignal.timeout(timeoutMs);
    const { prelude } = await prerenderToNodeStream(tree, {
      signal,
      // Never outline a large boundary into a later segment (that needs a script to move it).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        errors.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
      },
    });
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
    const html = Buffer.concat(chunks).toString('utf8');
    return { html, styles: sheet.getStyleTags(), errors };
  } finally {
    sheet.seal();
  }
}
