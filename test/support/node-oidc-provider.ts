import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Provider from 'oidc-provider';

/**
 * node-oidc-provider (panva, a certified OpenID Provider nobody here wrote) on 127.0.0.1 and a free port, with its
 * login and consent answered by a handler that logs "demo" in and grants every scope asked, and a browser that
 * follows its redirects with a cookie jar up to the client's redirect URI, which it then requests (reaching the
 * loopback catcher of the flow under test).
 */
export interface RunningOidcProvider {
  readonly issuer: string;
  /** Follows the authorization URL's redirects until they leave the provider, then requests that URL; returns it. */
  browse(url: string): Promise<string>;
  close(): Promise<void>;
}

export async function startOidcProvider(
  clients: Record<string, unknown>[],
  features: Record<string, { enabled: boolean }> = {}
): Promise<RunningOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const provider = new Provider(issuer, {
    clients,
    cookies: { keys: ['interop-test-cookie-key'] },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    claims: { openid: ['sub'] },
    features: { devInteractions: { enabled: false }, ...features },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
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
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) void approve(req, res);
    else handle(req, res);
  });
  const browse = async (url: string) => {
    const jar = new Map<string, string>();
    let next = url;
    for (let hop = 0; hop < 10; hop++) {
      if (!next.startsWith(`${issuer}/`)) {
        await fetch(next);
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
  return { issuer, browse, close: () => new Promise<void>((r) => server.close(() => r())) };
}
