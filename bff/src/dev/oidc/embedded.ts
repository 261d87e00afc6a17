import { generateKeyPairSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import type Router from '@koa/router';
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, emailSchema, isEmailAddress } from '@val/contracts';
import type { Logger } from '../../logger';
import { maskEmail } from '../../logger';
import { escapeHtml, sendPage } from '../../http/pages';
import { memoryAdapterClass } from './memoryAdapter';
import type { OidcAccount, OidcContextSlice, OidcProvider, OidcProviderClass } from './types';

/** Where the embedded provider lives on our origin. */
export const EMBEDDED_OIDC_PATH = '/oidc';
const INTERACTION_PATH = `${EMBEDDED_OIDC_PATH}/interaction`;

const BACKCHANNEL_KEY_HEADER = 'x-val-oidc-backchannel';
const BACKCHANNEL_ORIGIN_HEADER = 'x-val-oidc-origin';

/** Title of the embedded provider's sign-in page. */
export const DEV_SIGN_IN_TITLE = 'Development sign-in';

export interface EmbeddedOidcOptions {
  logger: Logger;
  /** Client id the BFF uses at the embedded provider. */
  clientId: string;
  /** Client secret (random per process). */
  clientSecret: string;
  /** Most origins served at once (each gets its own issuer URL). */
  maxOrigins?: number;
}

/** One issuer of the embedded provider: `${origin}/oidc`, redirecting only to `${origin}/log`. */
export interface EmbeddedIssuer {
  issuer: string;
  provider: OidcProvider;
  handler: ReturnType<OidcProvider['callback']>;
}

/** A real OpenID provider (oidc-provider) on our own origin, for development and tests. */
export interface EmbeddedOidc {
  readonly clientId: string;
  readonly clientSecret: string;
  /** The issuer serving `origin` (created on first use). */
  forOrigin(origin: string): EmbeddedIssuer;
  /**
   * Headers of the BFF's own back-channel calls (discovery, token, JWKS, userinfo) that reach the
   * provider over loopback: they name the public origin the browser used, so a browser at
   * `http://localhost:PORT` and one at `http://127.0.0.1:PORT` each meet their own issuer. Only
   * this process knows the key, so a visitor cannot pick an issuer with them.
   */
  backchannelHeaders(origin: string): Record<string, string>;
  /** Koa middleware answering `/oidc/*` (except the sign-in pages); mount BEFORE any body parser. */
  middleware(originOf: (ctx: Context) => string): Middleware;
  /** The "Development sign-in" pages (`/oidc/interaction/:uid`), on a router after the body parser. */
  addInteractionRoutes(router: Router, originOf: (ctx: Context) => string, csrf: Middleware): void;
}

/** Loads oidc-provider (ESM-only) without its "use Node 22" banner, which Node 20.19+ does not need. */
function loadProviderClass(logger: Logger): OidcProviderClass {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('Unsupported runtime')) {
      logger.debug('oidc-provider prefers Node.js 22; running on %s', process.version);
      return;
    }
    warn(...args);
  };
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a synchronous require(esm) of the ESM-only package, inside the banner filter above
    const mod = require('oidc-provider') as { default?: OidcProviderClass; Provider?: OidcProviderClass };
    const Provider = mod.Provider ?? mod.default;
    if (!Provider) throw new Error('oidc-provider did not export Provider');
    return Provider;
  } finally {
    console.warn = warn;
  }
}

const signInForm = z.object({
  email: emailSchema({ notText: 'Enter a valid email address.', tooLong: 'The email address is too long.', invalid: 'Enter a valid email address.' }),
  name: z.string().trim().max(100, { error: 'The name must be at most 100 characters.' }).optional().default(''),
});

function signInPage(ctx: Context, uid: string, values: { email?: string; name?: string }, error?: string) {
  const action = `${INTERACTION_PATH}/${encodeURIComponent(uid)}`;
  sendPage(ctx, {
    title: DEV_SIGN_IN_TITLE,
    badge: 'DEVELOPMENT',
    status: error ? 400 : 200,
    body: `
<p class="muted">No identity provider is configured on this server, so Val signs you in with a built-in OpenID provider. Enter any email address: your report is delivered there. In production this page is replaced by your identity provider (e.g. Google).</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${action}/login" novalidate>
  <label>Email
    <input type="text" inputmode="email" name="email" autocomplete="email" spellcheck="false" autocapitalize="none" placeholder="you@example.com" required maxlength="${EMAIL_MAX_LENGTH}" value="${escapeHtml(values.email ?? '')}" ${error ? 'aria-invalid="true"' : ''} autofocus>
  </label>
  <label><span>Name <span class="hint">(optional)</span></span>
    <input type="text" name="name" autocomplete="name" maxlength="100" value="${escapeHtml(values.name ?? '')}">
  </label>
  <div class="actions">
    <button type="submit">Sign in</button>
  </div>
</form>
<form method="post" action="${action}/abort">
  <div class="actions"><button type="submit" class="secondary">Cancel</button></div>
</form>`,
  });
}

/**
 * Builds the embedded provider. It is a complete OpenID provider (authorization code flow with
 * PKCE, ID tokens signed by a per-process RSA key, userinfo) whose only login step is the email
 * form above; consent is implied for our own client. Outside production only.
 */
export function createEmbeddedOidc(opts: EmbeddedOidcOptions): EmbeddedOidc {
  const { logger, clientId, clientSecret } = opts;
  const maxOrigins = opts.maxOrigins ?? 8;
  let Provider: OidcProviderClass | null = null;
  // The signing key is made with the first issuer: a process that never signs anyone in (a
  // worker, `val validate`) never pays for an RSA key.
  let jwk: Record<string, unknown> | null = null;
  const signingKey = () => {
    if (!jwk) {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' };
    }
    return jwk;
  };
  const cookieKeys = [randomBytes(32).toString('hex')];
  const names = new Map<string, string>();
  const issuers = new Map<string, EmbeddedIssuer>();
  const backchannelKey = Buffer.from(randomBytes(32).toString('hex'));
  /** The origin a back-channel call names, when it carries this process's key and the issuer exists. */
  const backchannelOrigin = (ctx: Context): string | null => {
    const key = Buffer.from(ctx.get(BACKCHANNEL_KEY_HEADER));
    const origin = ctx.get(BACKCHANNEL_ORIGIN_HEADER);
    if (!origin || key.length !== backchannelKey.length || !timingSafeEqual(key, backchannelKey)) return null;
    return issuers.has(origin) ? origin : null;
  };

  const findAccount = async (_ctx: unknown, sub: string): Promise<OidcAccount | undefined> => {
    if (!isEmailAddress(sub)) return undefined;
    return {
      accountId: sub,
      claims: () => {
        const name = names.get(sub);
        return { sub, email: sub, email_verified: true, ...(name ? { name } : {}) };
      },
    };
  };

  const create = (origin: string): EmbeddedIssuer => {
    Provider ??= loadProviderClass(logger);
    const issuer = `${origin}${EMBEDDED_OIDC_PATH}`;
    const provider = new Provider(issuer, {
      adapter: memoryAdapterClass(),
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [`${origin}/log`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      jwks: { keys: [signingKey()] },
      cookies: {
        keys: cookieKeys,
        names: { session: 'val.oidc.session', interaction: 'val.oidc.interaction', resume: 'val.oidc.resume' },
      },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      scopes: ['openid', 'email', 'profile'],
      features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: false } },
      pkce: { required: () => true },
      ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 900, Session: 3600, Grant: 3600 },
      interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}` },
      findAccount,
      // Our own client: consent is implied (a grant of the requested OIDC scopes).
      loadExistingGrant: async (ctx: OidcContextSlice) => {
        const { client, session, result } = ctx.oidc;
        if (!client || !session?.accountId) return undefined;
        const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
        if (grantId) {
          const found = await ctx.oidc.provider.Grant.find(grantId);
          if (found) return found;
        }
        const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
      renderError: (ctx, out) => {
        ctx.type = 'html';
        const message = out.error_description || out.error || 'Sign-in failed';
        ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign-in error · Val</title></head><body style="font-family:system-ui,sans-serif;max-width:460px;margin:48px auto;padding:0 16px"><h1>Sign-in error</h1><p>${escapeHtml(message)}</p><p><a href="/">Back to Val</a></p></body></html>`;
      },
      clientBasedCORS: () => false,
    });
    provider.proxy = true;
    provider.on('server_error', (_ctx, err) => logger.error({ err }, 'embedded OIDC provider error'));
    return { issuer, provider, handler: provider.callback() };
  };

  const forOrigin = (origin: string): EmbeddedIssuer => {
    let entry = issuers.get(origin);
    if (!entry) {
      entry = create(origin);
      issuers.set(origin, entry);
      logger.info({ issuer: entry.issuer }, 'embedded development OpenID provider ready (set OIDC_ISSUER to use your own)');
      if (issuers.size > maxOrigins) {
        const oldest = issuers.keys().next().value;
        if (oldest !== undefined && oldest !== origin) issuers.delete(oldest);
      }
    }
    return entry;
  };

  return {
    clientId,
    clientSecret,
    forOrigin,
    backchannelHeaders: (origin) => ({ [BACKCHANNEL_KEY_HEADER]: backchannelKey.toString(), [BACKCHANNEL_ORIGIN_HEADER]: origin }),
    middleware(originOf) {
      return async (ctx, next) => {
        const p = ctx.path;
        if ((p !== EMBEDDED_OIDC_PATH && !p.startsWith(`${EMBEDDED_OIDC_PATH}/`)) || p.startsWith(`${INTERACTION_PATH}/`)) return next();
        const { handler } = forOrigin(backchannelOrigin(ctx) ?? originOf(ctx));
        const req = ctx.req as typeof ctx.req & { originalUrl?: string };
        req.originalUrl = req.url;
        req.url = (req.url ?? '').slice(EMBEDDED_OIDC_PATH.length) || '/';
        if (!req.url.startsWith('/')) req.url = `/${req.url}`;
        ctx.respond = false;
        await handler(ctx.req, ctx.res);
      };
    },
    addInteractionRoutes(router, originOf, csrf) {
      router.get(`${INTERACTION_PATH}/:uid`, async (ctx) => {
        const { provider } = forOrigin(originOf(ctx));
        const details = await provider.interactionDetails(ctx.req, ctx.res).catch(() => null);
        if (!details || details.uid !== ctx.params.uid) {
          sendPage(ctx, {
            title: 'Sign-in expired',
            status: 400,
            body: '<p class="muted">This sign-in page has expired or was already used.</p><p><a class="button" href="/">Back to Val</a></p>',
          });
          return;
        }
        if (details.prompt.name === 'login') {
          const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
          signInPage(ctx, details.uid, { email: hint });
          return;
        }
        // Any other prompt (consent) is implied for our own client.
        ctx.respond = false;
        await provider.interactionFinished(ctx.req, ctx.res, { consent: {} }, { mergeWithLastSubmission: true });
      });

      router.post(`${INTERACTION_PATH}/:uid/login`, csrf, async (ctx) => {
        const { provider } = forOrigin(originOf(ctx));
        const details = await provider.interactionDetails(ctx.req, ctx.res).catch(() => null);
        const body = ((ctx.request as unknown as { body?: Record<string, unknown> }).body ?? {}) as Record<string, unknown>;
        if (!details || details.uid !== ctx.params.uid) {
          sendPage(ctx, {
            title: 'Sign-in expired',
            status: 400,
            body: '<p class="muted">This sign-in page has expired or was already used.</p><p><a class="button" href="/">Back to Val</a></p>',
          });
          return;
        }
        const parsed = signInForm.safeParse(body);
        if (!parsed.success) {
          const email = typeof body.email === 'string' ? body.email.slice(0, EMAIL_MAX_LENGTH) : '';
          const name = typeof body.name === 'string' ? body.name.slice(0, 100) : '';
          signInPage(ctx, details.uid, { email, name }, parsed.error.issues[0]?.message ?? 'Enter a valid email address.');
          return;
        }
        const { email, name } = parsed.data;
        if (name) names.set(email, name);
        else names.delete(email);
        if (names.size > 10_000) names.delete(names.keys().next().value as string);
        logger.info({ user: maskEmail(email) }, 'development sign-in');
        ctx.respond = false;
        await provider.interactionFinished(ctx.req, ctx.res, { login: { accountId: email } }, { mergeWithLastSubmission: false });
      });

      router.post(`${INTERACTION_PATH}/:uid/abort`, csrf, async (ctx) => {
        const { provider } = forOrigin(originOf(ctx));
        const details = await provider.interactionDetails(ctx.req, ctx.res).catch(() => null);
        if (!details || details.uid !== ctx.params.uid) {
          ctx.redirect('/');
          return;
        }
        ctx.respond = false;
        await provider.interactionFinished(
          ctx.req,
          ctx.res,
          { error: 'access_denied', error_description: 'Sign-in was cancelled' },
          { mergeWithLastSubmission: false },
        );
      });
    },
  };
}
