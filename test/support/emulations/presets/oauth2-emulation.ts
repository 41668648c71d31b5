import {
  approvingAuthorize,
  json,
  queryOf,
  startEmulation,
  type EmulatedResponse,
  type Emulation,
  type Route,
  type SeenRequest,
} from '../provider-emulation';

/**
 * The authorization code grant as a provider documents it, for the presets' tests: an authorization endpoint that
 * approves at once, and a token endpoint that checks the code, the client's credentials as the provider wants them,
 * and whatever else its documentation requires. Endpoints on other hosts run as a second emulation.
 */
export interface OAuth2EmulationOptions {
  readonly authorizePath: string;
  readonly tokenPath: string;
  /** Serve the token endpoint from a second server (another host in the real provider). */
  readonly tokenOnOtherHost?: boolean;
  readonly clientId: string;
  readonly clientSecret: string;
  /** How the documentation says the client authenticates at the token endpoint. */
  readonly clientAuth: 'body' | 'basic';
  /** A check of the token request beyond the code and the client: a refusal, or null to go on. */
  readonly tokenCheck?: (request: SeenRequest, authorizeQuery: URLSearchParams) => EmulatedResponse | null;
  /** The documented success response. */
  readonly tokenResponse: (authorizeQuery: URLSearchParams, request: SeenRequest) => EmulatedResponse;
  readonly extraRoutes?: Record<string, Route>;
  /** Redirect URIs registered as names (eBay's RuName) and the URL each stands for. */
  readonly redirectNames?: Readonly<Record<string, string>>;
}

export interface OAuth2Emulation {
  /** Where the authorization endpoint lives (the profile's base URL). */
  readonly main: Emulation;
  /** Where the token endpoint lives: `main` unless on another host. */
  readonly token: Emulation;
  /** The query of the last authorization request. */
  lastAuthorize(): URLSearchParams;
  /** Whether the token endpoint answered with the documented success response. */
  granted(): boolean;
  close(): Promise<void>;
}

const CODE = 'emulated-code';

function clientOf(request: SeenRequest): { id: string | null; secret: string | null; via: 'basic' | 'body' | null } {
  const basic = /^Basic\s+(\S+)$/i.exec(String(request.headers.authorization ?? ''))?.[1];
  if (basic) {
    const [id, secret] = Buffer.from(basic, 'base64')
      .toString('utf8')
      .split(':')
      .map((s) => decodeURIComponent(s.replace(/\+/g, ' ')));
    return { id: id ?? null, secret: secret ?? null, via: 'basic' };
  }
  const body = new URLSearchParams(request.body);
  return {
    id: body.get('client_id'),
    secret: body.get('client_secret'),
    via: body.has('client_secret') ? 'body' : null,
  };
}

export async function startOAuth2Emulation(o: OAuth2EmulationOptions): Promise<OAuth2Emulation> {
  let authorizeQuery = new URLSearchParams();
  let granted = false;
  const authorize: Route = (request, emulation) => {
    authorizeQuery = queryOf(request);
    const named = o.redirectNames?.[authorizeQuery.get('redirect_uri') ?? ''];
    if (!named) return approvingAuthorize(CODE)(request, emulation);
    const query = new URLSearchParams(authorizeQuery);
    query.set('redirect_uri', named);
    return approvingAuthorize(CODE)({ ...request, url: `${request.url.split('?')[0]}?${query}` }, emulation);
  };
  const token: Route = (request) => {
    const body = new URLSearchParams(request.body);
    const client = clientOf(request);
    if (client.via !== o.clientAuth || client.id !== o.clientId || client.secret !== o.clientSecret)
      return json(
        { error: 'invalid_client', error_description: `expected the client credentials by ${o.clientAuth}` },
        401
      );
    if (body.get('grant_type') !== 'authorization_code' || body.get('code') !== CODE)
      return json({ error: 'invalid_grant' }, 400);
    if (body.get('redirect_uri') !== authorizeQuery.get('redirect_uri'))
      return json(
        { error: 'invalid_grant', error_description: 'redirect_uri differs from the authorization request' },
        400
      );
    const refusal = o.tokenCheck?.(request, authorizeQuery);
    if (refusal) return refusal;
    granted = true;
    return o.tokenResponse(authorizeQuery, request);
  };
  const tokenRoutes = { [`POST ${new URL(o.tokenPath, 'http://x').pathname}`]: token };
  const authorizeRoute = { [`GET ${new URL(o.authorizePath, 'http://x').pathname}`]: authorize };
  const second = o.tokenOnOtherHost ? await startEmulation(tokenRoutes) : null;
  const main = await startEmulation({ ...authorizeRoute, ...(second ? {} : tokenRoutes), ...o.extraRoutes });
  return {
    main,
    token: second ?? main,
    lastAuthorize: () => authorizeQuery,
    granted: () => granted,
    close: async () => {
      await main.close();
      await second?.close();
    },
  };
}
