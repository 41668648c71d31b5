import { X509Certificate } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { TLSSocket } from 'node:tls';
import Provider from 'oidc-provider';

/**
 * node-oidc-provider (panva, a certified OpenID Provider nobody here wrote) on 127.0.0.1 and a free port, with its
 * login and consent answered by a handler that logs "demo" (name "Demo User") in and grants every scope asked, and a browser that
 * follows its redirects with a cookie jar up to the client's redirect URI, which it then requests (reaching the
 * loopback catcher of the flow under test).
 */
export interface RunningOidcProvider {
  readonly issuer: string;
  /** With `tls`: the same provider over HTTPS, asking each client for a certificate (mutual TLS, RFC 8705 §2). */
  readonly tlsUrl: string | null;
  /**
   * Follows the authorization URL's redirects until they leave the provider and returns that URL, having requested
   * it too (reaching the flow's catcher) unless `deliver` is false.
   */
  browse(url: string, deliver?: boolean): Promise<string>;
  close(): Promise<void>;
}

/** A confidential client whose secret is long enough for HS256 (client_secret_jwt, HS256 request objects). */
export const OP_CLIENT = { client_id: 'lab-client', client_secret: 'lab-client-secret-that-is-long-enough-for-hs256' };

/** `oauth-lab flow oauth2` against the provider at `issuer` as OP_CLIENT, scope openid, JSON out, no history. */
export const opCodeFlowArgs = (issuer: string): string[] => [
  'oauth2',
  '--base-url',
  issuer,
  '--authorize-path',
  '/auth',
  '--token-path',
  '/token',
  '--client-id',
  OP_CLIENT.client_id,
  '--client-secret',
  OP_CLIENT.client_secret,
  '--scope',
  'openid',
  '--no-history',
  '--json',
];

export async function startOidcProvider(
  clients: Record<string, unknown>[],
  features: Record<string, { enabled: boolean }> = {},
  tls: { readonly cert: string; readonly key: string; readonly ca: string } | null = null,
  /** More of the provider's configuration, as a test needs it (a registration policy). */
  extra: Record<string, unknown> = {}
): Promise<RunningOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const provider = new Provider(issuer, {
    clients,
    cookies: { keys: ['interop-test-cookie-key'] },
    ...(tls
      ? { clientAuthMethods: [...SECRET_AND_JWT_METHODS, 'tls_client_auth', 'self_signed_tls_client_auth'] }
      : {}),
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    claims: { openid: ['sub'], profile: ['name'] },
    features: { devInteractions: { enabled: false }, ...(tls ? { mTLS: MTLS } : {}), ...features },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, name: 'Demo User' }) }),
    ...extra,
  });
  const approve = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    const grant = new provider.Grant({ accountId: 'demo', clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: 'demo' }, consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: false }
    );
  };
  const handle = provider.callback();
  const route = (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) void approve(req, res);
    else handle(req, res);
  };
  server.on('request', route);
  // The certificate is asked for and judged by the provider (certificateAuthorized), not refused by the handshake.
  const tlsServer = tls ? createHttpsServer({ ...tls, requestCert: true, rejectUnauthorized: false }, route) : null;
  if (tlsServer) await new Promise<void>((r) => tlsServer.listen(0, '127.0.0.1', r));
  const browse = async (url: string, deliver = true) => {
    const jar = new Map<string, string>();
    let next = url;
    for (let hop = 0; hop < 10; hop++) {
      if (!next.startsWith(`${issuer}/`)) {
        if (deliver) await fetch(next);
        return next;
      }
      const r = await fetch(next, {
        redirect: 'manual',
        headers: { cookie: [...jar].map(([n, v]) => `${n}=${v}`).join('; ') },
      });
      for (const c of r.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const eq = pair!.indexOf('=');
        jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
      }
      const location = r.headers.get('location');
      if (!location) throw new Error(`no redirect from ${next}: ${r.status} ${await r.text()}`);
      next = new URL(location, next).href;
    }
    throw new Error('too many redirects');
  };
  const closing = (s: { close(cb: () => void): unknown } | null) => new Promise<void>((r) => (s ? s.close(r) : r()));
  return {
    issuer,
    tlsUrl: tlsServer ? `https://127.0.0.1:${(tlsServer.address() as { port: number }).port}` : null,
    browse,
    close: async () => {
      await Promise.all([closing(server), closing(tlsServer)]);
    },
  };
}

/** The client's certificate on the TLS socket, as node-oidc-provider's mTLS feature reads it. */
const peer = (ctx: unknown): X509Certificate | null => {
  const socket = (ctx as { socket: TLSSocket }).socket;
  const raw = typeof socket.getPeerCertificate === 'function' ? socket.getPeerCertificate().raw : undefined;
  return raw ? new X509Certificate(raw) : null;
};

/** node-oidc-provider's default client authentication methods, which mutual TLS adds to. */
export const SECRET_AND_JWT_METHODS = [
  'client_secret_basic',
  'client_secret_jwt',
  'client_secret_post',
  'private_key_jwt',
  'none',
];

export const MTLS = {
  enabled: true,
  tlsClientAuth: true,
  selfSignedTlsClientAuth: true,
  getCertificate: (ctx: unknown) => peer(ctx)?.toString(),
  certificateAuthorized: (ctx: unknown) => (ctx as { socket: TLSSocket }).socket.authorized === true,
  certificateSubjectMatches: (ctx: unknown, property: string, expected: string) =>
    property === 'tls_client_auth_subject_dn' && peer(ctx)?.subject === expected,
};
