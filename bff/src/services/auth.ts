import * as oidc from 'openid-client';
import { isEmailAddress, normalizeEmail } from '@val/contracts';
import type { Config } from '../config/env';
import { InputError, UnauthorizedError, UpstreamError } from '../errors';
import type { Logger } from '../logger';
import { maskEmail } from '../logger';

/** The scopes of the spec ('email profile') plus OpenID Connect's own. */
export const SIGN_IN_SCOPE = 'openid email profile';

/** Default client id of the embedded development provider. */
export const EMBEDDED_CLIENT_ID = 'val-dev';

/** A sign-in in progress: what the callback must see again (the caller keeps it, e.g. in a signed cookie). */
export interface PendingLogin {
  state: string;
  /** PKCE code verifier (S256 challenge sent to the provider). */
  verifier: string;
  nonce: string;
  /** The exact redirect URI sent with the authorization request. */
  redirectUri: string;
  /** Started at (ms). */
  at: number;
}

/** The signed-in visitor, established by the login callback. */
export interface SignedInUser {
  email: string;
  name?: string;
  /** Signed in at (ms). */
  at: number;
}

/**
 * The development provider as the sign-in client sees it (it runs on our own origin): its client
 * credentials, its issuer for an origin, and the headers of the back-channel calls that reach it.
 */
export interface EmbeddedProviderClient {
  readonly clientId: string;
  readonly clientSecret: string;
  forOrigin(origin: string): { issuer: string };
  backchannelHeaders(origin: string): Record<string, string>;
}

/** Where a sign-in request came from: the public origin, and this server's own address for back-channel calls. */
export interface SignInRequest {
  /** The public origin of the request (PUBLIC_URL's, else, outside production, the request's own). */
  origin: string;
  /** `http://host:port` of the socket the request came in on (the embedded provider is reached there). */
  loopback: string;
}

export interface AuthServiceOptions {
  config: Config;
  logger: Logger;
  /** The embedded development provider: required without OIDC_ISSUER (never in production). */
  embedded?: EmbeddedProviderClient | null;
  /** openid-client requests to the embedded provider (tests may wrap it). */
  fetchImpl?: typeof fetch;
}

/** Sign-in through OpenID Connect: code flow with state, nonce and PKCE (S256). */
export interface AuthService {
  /** 'oidc' when OIDC_ISSUER is configured, 'embedded' for the development provider. */
  readonly mode: 'oidc' | 'embedded';
  /** Starts a sign-in: the provider URL, and the pending login the caller keeps until the callback. */
  begin(req: SignInRequest): Promise<{ url: URL; login: PendingLogin }>;
  /** Finishes it: checks state, PKCE and the ID token against the pending login; returns who signed in. */
  complete(
    req: SignInRequest & { pending: PendingLogin | undefined; params: { code: string; state?: string; iss?: string } },
  ): Promise<Omit<SignedInUser, 'at'>>;
}

/** The first non-empty string claim among `keys`. */
const claim = (c: Record<string, unknown> | undefined, ...keys: string[]): string | undefined => {
  for (const k of keys) {
    const v = c?.[k];
    if (typeof v === 'string' && v.trim()) return v.trim();
  }
  return undefined;
};

/**
 * The sign-in service. With OIDC_ISSUER (e.g. Google) it discovers the provider once (retrying
 * on failure) and registers no state of its own but the session cookie. Without it (never in
 * production) it runs the embedded provider on this origin and talks to it over loopback.
 */
export function createAuthService(opts: AuthServiceOptions): AuthService {
  const { config, logger } = opts;
  const fetchImpl = opts.fetchImpl ?? fetch;
  const mode: AuthService['mode'] = config.OIDC_ISSUER ? 'oidc' : 'embedded';
  if (mode === 'embedded' && config.isProduction) {
    throw new Error('OIDC_ISSUER must be set in production: the embedded development sign-in is not available there');
  }
  const embedded = mode === 'embedded' ? (opts.embedded ?? null) : null;
  if (mode === 'embedded' && !embedded) throw new Error('Without OIDC_ISSUER the sign-in needs the embedded development provider');

  let remote: Promise<oidc.Configuration> | null = null;
  const local = new Map<string, Promise<oidc.Configuration>>();

  /** The provider configuration for a request. */
  const configurationFor = ({ origin, loopback }: SignInRequest): Promise<oidc.Configuration> => {
    if (mode === 'oidc') {
      remote ??= oidc
        .discovery(new URL(config.OIDC_ISSUER as string), config.OIDC_CLIENT_ID as string, config.OIDC_CLIENT_SECRET as string, undefined, {
          timeout: 10,
          // A plain-http issuer (a local Keycloak, a test stand-in) is accepted outside production only.
          ...(!config.isProduction && config.OIDC_ISSUER?.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : {}),
        })
        .catch((err: unknown) => {
          remote = null;
          logger.error({ err, issuer: config.OIDC_ISSUER }, 'OpenID provider discovery failed');
          throw new UpstreamError('The sign-in provider is not reachable right now. Please try again.');
        });
      return remote;
    }
    const emb = embedded as EmbeddedProviderClient;
    let found = local.get(origin);
    if (!found) {
      const issuer = emb.forOrigin(origin).issuer;
      // Back-channel calls (discovery, token, JWKS, userinfo) go to the socket this request came
      // in on, so they work behind port mappings too; the public origin travels as X-Forwarded-*.
      const publicUrl = new URL(origin);
      const customFetch: oidc.CustomFetch = (url, options) => {
        const target = url.startsWith(origin) ? loopback + url.slice(origin.length) : url;
        const headers = new Headers(options.headers as ConstructorParameters<typeof Headers>[0]);
        if (target !== url) {
          headers.set('x-forwarded-host', publicUrl.host);
          headers.set('x-forwarded-proto', publicUrl.protocol.replace(':', ''));
          for (const [k, v] of Object.entries(emb.backchannelHeaders(origin))) headers.set(k, v);
        }
        return fetchImpl(target, { ...(options as RequestInit), headers });
      };
      found = oidc
        .discovery(new URL(issuer), emb.clientId, emb.clientSecret, oidc.ClientSecretBasic(emb.clientSecret), {
          execute: [oidc.allowInsecureRequests],
          [oidc.customFetch]: customFetch,
          timeout: 10,
        })
        .catch((err: unknown) => {
          local.delete(origin);
          logger.error({ err, issuer }, 'embedded OpenID provider discovery failed');
          throw new UpstreamError('The development sign-in is not reachable. Please try again.');
        });
      local.set(origin, found);
      if (local.size > 8) local.delete(local.keys().next().value as string);
    }
    return found;
  };

  return {
    mode,
    async begin(req) {
      const { origin } = req;
      const configuration = await configurationFor(req);
      const verifier = oidc.randomPKCECodeVerifier();
      const challenge = await oidc.calculatePKCECodeChallenge(verifier);
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const redirectUri = `${origin}/log`;
      const login: PendingLogin = { state, verifier, nonce, redirectUri, at: Date.now() };
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: SIGN_IN_SCOPE,
        response_type: 'code',
        state,
        nonce,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      });
      return { url, login };
    },
    async complete(req) {
      // One attempt per sign-in: the caller has already taken the pending login, so a replayed or
      // failed callback needs a fresh login.
      const { pending, params } = req;
      if (!pending) throw new InputError('No sign-in is in progress in this browser (or it expired). Please start again.');
      if (params.state !== pending.state) throw new InputError('The sign-in response does not match this browser (state mismatch). Please start again.');
      const configuration = await configurationFor(req);
      const current = new URL(pending.redirectUri);
      current.searchParams.set('code', params.code);
      current.searchParams.set('state', params.state);
      if (params.iss) current.searchParams.set('iss', params.iss);
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(configuration, current, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
      } catch (err) {
        const e = err as { name?: string; code?: string; error?: string; message?: string };
        logger.warn({ err: { name: e.name, code: e.code, error: e.error, message: e.message } }, 'sign-in callback rejected');
        if (err instanceof UpstreamError) throw err;
        if (e.name === 'TypeError' || e.code === 'OAUTH_TIMEOUT') throw new UpstreamError('The sign-in provider did not answer. Please try again.');
        throw new UnauthorizedError('The sign-in could not be completed (the code is invalid, expired or was already used). Please sign in again.');
      }
      let claims = tokens.claims() as Record<string, unknown> | undefined;
      let email = claim(claims, 'email');
      let name = claim(claims, 'name', 'given_name');
      // The ID token may leave the email, or only its verified flag, to the userinfo endpoint.
      if ((!email || typeof claims?.email_verified !== 'boolean') && tokens.access_token && claims && typeof claims.sub === 'string') {
        const info = (await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub).catch((err: unknown) => {
          logger.warn({ err }, 'sign-in: the userinfo endpoint failed');
          throw new UpstreamError('The sign-in provider did not answer. Please try again.');
        })) as Record<string, unknown>;
        claims = { ...claims, ...info };
        email = claim(claims, 'email');
        name ??= claim(claims, 'name', 'given_name');
      }
      if (!email || !isEmailAddress(email)) throw new UnauthorizedError('The sign-in provider did not share an email address.');
      const verified = claims?.email_verified;
      if (verified !== true && !(verified === undefined && config.OIDC_TRUST_UNVERIFIED_EMAIL)) {
        logger.warn(
          { user: maskEmail(email), emailVerified: verified === undefined ? 'missing' : JSON.stringify(verified) },
          'sign-in refused: email not verified by the provider',
        );
        throw new UnauthorizedError(
          verified === undefined
            ? 'The sign-in provider did not confirm that your email address is verified, so it cannot be used for a paid report. Please sign in with an account whose email is verified.'
            : 'Your email address is not verified with the sign-in provider. Please verify it there, then sign in again.',
        );
      }
      return { email: normalizeEmail(email), ...(name ? { name: name.slice(0, 100) } : {}) };
    },
  };
}
