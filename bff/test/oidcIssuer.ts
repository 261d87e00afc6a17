import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { memoryAdapterClass } from '../src/dev/oidc/memoryAdapter';
import type { OidcContextSlice, OidcProvider, OidcProviderClass } from '../src/dev/oidc/types';

/**
 * A scripted OpenID provider for tests: a real `oidc-provider` on a loopback port whose account
 * claims the test sets (an `email_verified` that is missing, a string, false...), as providers
 * other than Google may send them. Its sign-in step signs the next visitor in at once as `sub`.
 */
export interface ScriptedIssuer {
  /** The issuer URL (OIDC_ISSUER). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The claims (besides `sub`) of the account the next sign-in returns. */
  claims: Record<string, unknown>;
  /** The provider's own server errors (none expected). */
  errors: unknown[];
  /** Registers the client's redirect URI; call before the first request. */
  allowRedirect(uri: string): void;
  close(): Promise<void>;
}

/**
 * Starts the issuer. `claimsIn: 'id_token'` puts the email claims in the ID token (as Google
 * does); 'userinfo' leaves them to the userinfo endpoint (the OpenID Connect default for the code flow).
 */
export async function startScriptedIssuer(opts: { claimsIn?: 'id_token' | 'userinfo' } = {}): Promise<ScriptedIssuer> {
  const clientId = 'val-test-client';
  const clientSecret = randomBytes(16).toString('hex');
  const redirects: string[] = [];
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test', alg: 'RS256', use: 'sig' };
  let provider: OidcProvider | null = null;
  let handler: ReturnType<OidcProvider['callback']> | null = null;

  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const self: ScriptedIssuer = {
    issuer,
    clientId,
    clientSecret,
    claims: { email: 'someone@example.com', email_verified: true },
    errors: [],
    allowRedirect: (uri) => void redirects.push(uri),
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };

  const create = () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a synchronous require(esm) of the ESM-only oidc-provider
    const mod = require('oidc-provider') as { default?: OidcProviderClass; Provider?: OidcProviderClass };
    const Provider = (mod.Provider ?? mod.default) as OidcProviderClass;
    const p = new Provider(issuer, {
      adapter: memoryAdapterClass(),
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: redirects,
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      jwks: { keys: [jwk] },
      cookies: { keys: [randomBytes(16).toString('hex')] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      scopes: ['openid', 'email', 'profile'],
      features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: false } },
      pkce: { required: () => true },
      ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 900, Session: 3600, Grant: 3600 },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      findAccount: async (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, ...self.claims }) }),
      loadExistingGrant: async (ctx: OidcContextSlice) => {
        const { client, session } = ctx.oidc;
        if (!client || !session?.accountId) return undefined;
        const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
      renderError: (ctx, out) => {
        ctx.type = 'html';
        ctx.body = `<p>${out.error}: ${out.error_description ?? ''}</p>`;
      },
      clientBasedCORS: () => false,
      conformIdTokenClaims: opts.claimsIn !== 'id_token',
    });
    p.on('server_error', (_ctx, err) => self.errors.push(err));
    return p;
  };

  server.on('request', (req, res) => {
    provider ??= create();
    handler ??= provider.callback();
    if (req.url?.startsWith('/interaction/')) {
      void provider
        .interactionDetails(req, res)
        .then(() => (provider as OidcProvider).interactionFinished(req, res, { login: { accountId: 'account-1' } }, { mergeWithLastSubmission: false }))
        .catch((err: unknown) => {
          res.statusCode = 400;
          res.end(String(err));
        });
      return;
    }
    void handler(req, res);
  });
  return self;
}
