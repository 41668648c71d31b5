import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import OAuth2Server from '@node-oauth/oauth2-server';

/**
 * @node-oauth/oauth2-server (a library nobody here wrote) as it ships, behind a plain node:http server: its
 * authorize, token and authenticate handlers over its own Request and Response, as its documentation shows, with an
 * in-memory model (clients, codes, tokens) written here. The library serves no metadata: the RFC 8414 document
 * (`/.well-known/oauth-authorization-server`) is written here too, listing what the library does as it ships (PKCE
 * S256 only, its enablePlainPKCE being off; client_secret_basic and client_secret_post; the code and refresh grants). Its authorization endpoint
 * approves at once as the user "demo" (the test's stand-in for a login); `/userinfo` is a resource behind its
 * authenticate handler answering the token's user.
 */
export interface RunningOauth2Server {
  readonly issuer: string;
  close(): Promise<void>;
}

export interface InMemoryClient {
  readonly id: string;
  /** null: a public client. */
  readonly secret: string | null;
  readonly redirectUris: string[];
}

type Stored = Record<string, unknown>;

function inMemoryModel(clients: readonly InMemoryClient[]) {
  const codes = new Map<string, Stored>();
  const accessTokens = new Map<string, Stored>();
  const refreshTokens = new Map<string, Stored>();
  return {
    getClient(clientId: string, clientSecret: string | null) {
      const c = clients.find((x) => x.id === clientId);
      if (!c || (clientSecret != null && clientSecret !== c.secret)) return null;
      return { id: c.id, redirectUris: c.redirectUris, grants: ['authorization_code', 'refresh_token'] };
    },
    saveAuthorizationCode(code: Stored, client: Stored, user: Stored) {
      const saved = { ...code, client, user };
      codes.set(code.authorizationCode as string, saved);
      return saved;
    },
    getAuthorizationCode: (code: string) => codes.get(code) ?? null,
    revokeAuthorizationCode: (code: Stored) => codes.delete(code.authorizationCode as string),
    saveToken(token: Stored, client: Stored, user: Stored) {
      const saved = { ...token, client, user };
      accessTokens.set(token.accessToken as string, saved);
      if (typeof token.refreshToken === 'string') refreshTokens.set(token.refreshToken, saved);
      return saved;
    },
    getAccessToken: (token: string) => accessTokens.get(token) ?? null,
    getRefreshToken: (token: string) => refreshTokens.get(token) ?? null,
    revokeToken: (token: Stored) => refreshTokens.delete(token.refreshToken as string),
  };
}

const DEMO_USER = { id: 'demo' };

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (!/^application\/x-www-form-urlencoded/i.test(req.headers['content-type'] ?? '')) return {};
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
}

function metadata(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/userinfo`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
  };
}

export async function startNodeOauth2Server(clients: readonly InMemoryClient[]): Promise<RunningOauth2Server> {
  const oauth = new OAuth2Server({ model: inMemoryModel(clients) as unknown as OAuth2Server.AuthorizationCodeModel });
  let issuer = '';
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer);
    const request = new OAuth2Server.Request({
      method: req.method ?? 'GET',
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(
        Object.entries(req.headers).map(([n, v]) => [n, Array.isArray(v) ? v.join(', ') : (v ?? '')])
      ),
      body: await readForm(req),
    });
    const response = new OAuth2Server.Response({});
    const reply = (status: number, headers: Record<string, string>, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(body === undefined ? '' : JSON.stringify(body));
    };
    try {
      if (url.pathname === '/.well-known/oauth-authorization-server') return reply(200, {}, metadata(issuer));
      if (url.pathname === '/authorize')
        await oauth.authorize(request, response, { authenticateHandler: { handle: () => DEMO_USER } });
      else if (url.pathname === '/token') await oauth.token(request, response);
      else if (url.pathname === '/userinfo') {
        const token = await oauth.authenticate(request, response);
        response.body = { sub: (token.user as { id: string }).id };
      } else return reply(404, {}, { error: 'not_found' });
    } catch (e) {
      // The library has written its answer (a redirect, the token endpoint's error) unless the status is unchanged.
      const err = e as { code?: number; name?: string; message?: string };
      if (response.status === 200)
        return reply(err.code ?? 500, response.headers as Record<string, string>, {
          error: err.name,
          error_description: err.message,
        });
    }
    reply(response.status ?? 200, response.headers as Record<string, string>, response.body);
  };
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
