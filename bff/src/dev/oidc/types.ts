import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The narrow slice of `oidc-provider` (v9, ESM-only, no bundled types) the embedded development
 * provider uses. Loaded with `require()` at run time (Node 20.19+ loads ESM synchronously).
 */

export interface OidcAccount {
  accountId: string;
  claims(use: string, scope: string): Promise<Record<string, unknown>> | Record<string, unknown>;
}

export interface OidcGrant {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}

export interface OidcGrantClass {
  new (init: { clientId: string; accountId: string }): OidcGrant;
  find(id: string): Promise<OidcGrant | undefined>;
}

/** `ctx.oidc` as seen by configuration callbacks. */
export interface OidcContextSlice {
  oidc: {
    client?: { clientId: string };
    session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
    result?: { consent?: { grantId?: string } };
    provider: { Grant: OidcGrantClass };
  };
}

export interface OidcInteractionDetails {
  uid: string;
  prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
  params: Record<string, unknown>;
  session?: { accountId?: string };
  grantId?: string;
}

export interface OidcAdapterPayload {
  grantId?: string;
  userCode?: string;
  uid?: string;
  consumed?: number;
  [key: string]: unknown;
}

/** oidc-provider's storage adapter contract. */
export interface OidcAdapter {
  upsert(id: string, payload: OidcAdapterPayload, expiresIn: number): Promise<void>;
  find(id: string): Promise<OidcAdapterPayload | undefined>;
  findByUserCode(userCode: string): Promise<OidcAdapterPayload | undefined>;
  findByUid(uid: string): Promise<OidcAdapterPayload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

export interface OidcProviderConfiguration {
  adapter: new (name: string) => OidcAdapter;
  clients: Array<Record<string, unknown>>;
  jwks: { keys: Array<Record<string, unknown>> };
  cookies: { keys: string[]; names?: Record<string, string> };
  claims: Record<string, string[]>;
  scopes?: string[];
  features: Record<string, { enabled: boolean }>;
  pkce: { required: () => boolean };
  ttl: Record<string, number>;
  interactions: { url: (ctx: unknown, interaction: { uid: string }) => string };
  findAccount: (ctx: unknown, sub: string) => Promise<OidcAccount | undefined>;
  loadExistingGrant: (ctx: OidcContextSlice) => Promise<OidcGrant | undefined>;
  renderError: (ctx: { type: string; body: string }, out: Record<string, string>, error: Error) => Promise<void> | void;
  clientBasedCORS: () => boolean;
  conformIdTokenClaims?: boolean;
}

export interface OidcProvider {
  proxy: boolean;
  callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<OidcInteractionDetails>;
  interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, opts?: { mergeWithLastSubmission?: boolean }): Promise<void>;
  on(event: string, listener: (...args: unknown[]) => void): void;
}

export type OidcProviderClass = new (issuer: string, configuration: OidcProviderConfiguration) => OidcProvider;
