import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Provider, { type Configuration } from 'oidc-provider';

/**
 * node-oidc-provider (panva, a certified OpenID Provider) on 127.0.0.1 with a port of its own, for interop tests:
 * its interaction step is answered by a handler that logs "demo" in and approves, and `browse` is the user's
 * browser up to the redirect to the client.
 */
export const OP_CLIENT = { client_id: 'lab-client', client_secret: 'lab-client-secret-that-is-long-enough-for-hs256' };
export const OP_REDIRECT = 'http://127.0.0.1:8765/callback';

export async function startNodeOidcProvider(
  extra: Partial<Configuration> = {}
): Promise<{ issuer: string; provider: Provider; close: () => Promise<void> }> {
  const server: Server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        ...OP_CLIENT,
        redirect_uris: [OP_REDIRECT],
        application_type: 'native',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    cookies: { keys: ['interop-test-cookie-key'] },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    claims: { openid: ['sub'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, name: 'Demo User' }) }),
    ...extra,
  });
  const handle = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) void approve(provider, req, res);
    else handle(req, res);
  });
  return { issuer, provider, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** The interaction: log in as "demo" and grant the requested scope (node-oidc-provider's Grant API). */
async function approve(provider: Provider, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  const grant = new provider.Grant({ accountId: 'demo', clientId: String(details.params.client_id) });
  grant.addOIDCScope(String(details.params.scope));
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: 'demo' }, consent: { grantId: await grant.save() } },
    { mergeWithLastSubmission: false }
  );
}

/** The user's browser: follows redirects by hand with a cookie jar, up to the redirect to the client (`atClient`). */
export async function browse(url: string, atClient = (u: string) => u.startsWith(OP_REDIRECT)): Promise<string> {
  const jar = new Map<string, string>();
  let next = url;
  for (let hop = 0; hop < 10; hop++) {
    if (atClient(next)) return next;
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
}
