import { headerValue, type RawRequest } from '../../shared/http';
import { formBodyParameters, isRsaMethod, type SignatureInput } from '../../shared/oauth1';
import { isFormContentType, splitUrlEncoded } from '../../shared/url-encoded';
import { parseHttpUrl } from '../../shared/url';
import { ANY_SOURCE, titleOf, type ExportTarget } from './export-target';
import { wireUrl } from './har';
import { accessTokenOf, clientCredentialsParams, refuseClientAssertion } from './oauth2-model';
import { queryOf } from './request-params';
import type { Secrets } from './secrets';
import type { OAuth2Source } from './types';

/**
 * A Postman collection v2.1 (https://schema.getpostman.com/json/collection/v2.1.0/collection.json) with one
 * request. Its auth settings carry what Postman needs to sign (OAuth 1.0) or authorize (OAuth 2) by itself, so
 * the collection keeps working after the snapshot's nonce is spent: nonce and timestamp are left empty, which
 * makes Postman generate fresh ones on every send. Secrets become collection variables left empty.
 */
/** Postman's extra parameter of a token request: sent in the body, a header or the URL. */
type TokenRequestParam = { key: string; value: string; enabled: boolean; send_as: 'request_body' };
type KeyValue =
  | { key: string; value: string | boolean; type: 'string' | 'boolean' }
  | { key: 'tokenRequestParams'; value: TokenRequestParam[]; type: 'any' };
type Auth = { type: 'oauth1'; oauth1: KeyValue[] } | { type: 'oauth2'; oauth2: KeyValue[] } | { type: 'noauth' };

const kv = (key: string, value: string | boolean): KeyValue => ({
  key,
  value,
  type: typeof value === 'boolean' ? 'boolean' : 'string',
});

/** Postman's url object: the raw text plus its parts, the query as written (Postman encodes nothing again). */
function postmanUrl(url: string) {
  const u = parseHttpUrl(url, 'export');
  const query = queryOf(url);
  return {
    raw: url.replace(/#.*$/s, ''),
    protocol: u.scheme,
    host: u.host.startsWith('[') ? [u.host] : u.host.split('.'),
    ...(u.port !== null ? { port: String(u.port) } : {}),
    path: u.path.split('/').slice(1),
    ...(query
      ? { query: splitUrlEncoded(query).map((p) => ({ key: p.rawName, value: p.hasValue ? p.rawValue : null })) }
      : {}),
  };
}

/** Headers Postman sets itself: its HTTP client (Host, length), and Authorization when auth settings make it. */
const skip = (name: string, auth: boolean) =>
  ['host', 'content-length', 'connection'].includes(name.toLowerCase()) ||
  (auth && name.toLowerCase() === 'authorization');

function postmanBody(r: RawRequest) {
  if (r.body === undefined) return undefined;
  const type = headerValue(r.headers, 'content-type');
  // Decoded, as Postman keeps them: it encodes each on send, and its OAuth 1.0 signs them (RFC 5849 §3.4.1.3.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.3.1)).
  if (isFormContentType(type))
    return {
      mode: 'urlencoded',
      urlencoded: formBodyParameters(r.body, type).map(([key, value]) => ({ key, value, type: 'text' })),
    };
  return {
    mode: 'raw',
    raw: r.body,
    options: { raw: { language: /json/i.test(type ?? '') ? 'json' : /xml/i.test(type ?? '') ? 'xml' : 'text' } },
  };
}

function oauth1Auth(s: SignatureInput, secrets: Secrets): Auth {
  const rsa = isRsaMethod(s.signatureMethod);
  return {
    type: 'oauth1',
    oauth1: [
      kv('consumerKey', s.consumerKey),
      kv('consumerSecret', rsa ? '' : secrets.value('consumer_secret', s.consumerSecret)),
      kv('token', s.token ?? ''),
      kv('tokenSecret', rsa ? '' : secrets.value('token_secret', s.tokenSecret)),
      ...(rsa ? [kv('privateKey', secrets.value('private_key', s.privateKeyPem))] : []),
      kv('signatureMethod', s.signatureMethod),
      kv('timestamp', ''),
      kv('nonce', ''),
      kv('version', s.includeVersion === false ? '' : '1.0'),
      kv('realm', s.realm ?? ''),
      ...(s.callback ? [kv('callback', s.callback)] : []),
      ...(s.verifier ? [kv('verifier', s.verifier)] : []),
      // Postman puts the parameters in the header, or else in a form body (POST/PUT) or the query (RFC 5849 §3.5 (https://www.rfc-editor.org/rfc/rfc5849#section-3.5)).
      kv('addParamsToHeader', (s.placement ?? 'header') === 'header'),
      kv('addEmptyParamsToSign', false),
      kv('includeBodyHash', !!s.includeBodyHash),
    ],
  };
}

const publicClient = (s: OAuth2Source) => s.clientAuthentication === 'none' || !s.clientSecret;

/** The grant "Get New Access Token" runs: the code grant (with PKCE unless off) or client credentials (RFC 6749 §4.4 (https://www.rfc-editor.org/rfc/rfc6749#section-4.4)). */
function grantFields(s: OAuth2Source): KeyValue[] {
  if (s.grant === 'client_credentials') return [kv('grant_type', 'client_credentials')];
  return [
    kv('grant_type', s.pkce === 'off' ? 'authorization_code' : 'authorization_code_with_pkce'),
    ...(s.pkce && s.pkce !== 'off' ? [kv('challengeAlgorithm', s.pkce)] : []),
    kv('authUrl', s.authorizeUrl ?? ''),
  ];
}

/** Client credentials' resource indicators (RFC 8707 §2.1 (https://www.rfc-editor.org/rfc/rfc8707#section-2.1)) and audience, as Postman's extra token request parameters. */
function tokenRequestParams(s: OAuth2Source): KeyValue[] {
  if (s.grant !== 'client_credentials') return [];
  const extra = clientCredentialsParams(s).filter(([n]) => n !== 'scope');
  if (!extra.length) return [];
  const value = extra.map(([key, v]): TokenRequestParam => ({ key, value: v, enabled: true, send_as: 'request_body' }));
  return [{ key: 'tokenRequestParams', value, type: 'any' }];
}

function oauth2Auth(s: OAuth2Source, accessToken: string, secrets: Secrets): Auth {
  return {
    type: 'oauth2',
    oauth2: [
      kv('accessToken', accessToken),
      kv('tokenType', 'Bearer'),
      kv('addTokenTo', 'header'),
      kv('headerPrefix', 'Bearer'),
      kv('tokenName', 'OAuth Lab'),
      ...grantFields(s),
      kv('accessTokenUrl', s.tokenUrl ?? ''),
      kv('refreshTokenUrl', s.tokenUrl ?? ''),
      ...(s.grant === 'client_credentials' ? [] : [kv('redirect_uri', s.redirectUri ?? '')]),
      kv('clientId', s.clientId ?? ''),
      // A public client (RFC 6749 §2.1 (https://www.rfc-editor.org/rfc/rfc6749#section-2.1)) has no secret: none is written, so none is sent.
      ...(publicClient(s) ? [] : [kv('clientSecret', secrets.value('client_secret', s.clientSecret))]),
      kv('scope', s.scope ?? ''),
      ...tokenRequestParams(s),
      // Postman's names: `body` sends client_id (and client_secret) as form fields, `header` as HTTP Basic.
      kv('client_authentication', s.clientAuthentication === 'basic' && !publicClient(s) ? 'header' : 'body'),
      kv('useBrowser', false),
    ],
  };
}

function postmanCollection(options: {
  name: string;
  request: RawRequest;
  auth: Auth;
  secrets: Secrets;
  description: string;
}): string {
  const { request: r, auth, secrets } = options;
  const hasAuth = auth.type !== 'noauth';
  const body = postmanBody(r);
  const variables = secrets.include
    ? []
    : secrets.placeholders.map((p) => ({
        key: p.slice(2, -2),
        value: '',
        type: 'string',
        description: 'A secret left out of the export: set its value here (Variables tab) or in an environment.',
      }));
  const collection = {
    info: {
      name: `OAuth Lab: ${options.name}`,
      description: options.description,
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    item: [
      {
        name: options.name,
        request: {
          method: r.method,
          header: r.headers.filter(([n]) => !skip(n, hasAuth)).map(([key, value]) => ({ key, value, type: 'text' })),
          url: postmanUrl(r.url),
          ...(body ? { body } : {}),
          auth,
        },
      },
    ],
    ...(variables.length ? { variable: variables } : {}),
  };
  return `${JSON.stringify(collection, null, 2)}\n`;
}

/**
 * The request before signing: Postman signs it again on every send, so no oauth_* parameter may be in it. Its URL
 * as the app sends and signs it (shared/url.ts).
 */
function unsigned(s: SignatureInput): RawRequest {
  return {
    method: s.method.trim().toUpperCase(),
    url: wireUrl(s.url),
    headers: s.body !== undefined && s.contentType ? [['Content-Type', s.contentType]] : [],
    ...(s.body !== undefined ? { body: s.body } : {}),
  };
}

export const postmanTarget: ExportTarget = {
  id: 'postman',
  label: 'Postman collection v2.1',
  language: 'json',
  kind: 'collection',
  extension: '.postman_collection.json',
  mediaType: 'application/json',
  sources: ANY_SOURCE,
  secretPlaceholders: 'template',
  render: ({ source, exact, request, secrets }) => {
    if (source.kind === 'oauth2') refuseClientAssertion(source, 'Postman');
    const auth =
      source.kind === 'oauth1'
        ? oauth1Auth(source.signing, secrets)
        : source.kind === 'oauth2'
          ? oauth2Auth(source, secrets.value('access_token', accessTokenOf(source)), secrets)
          : ({ type: 'noauth' } as const);
    const description =
      source.kind === 'oauth1'
        ? 'Postman signs this request itself from the OAuth 1.0 settings (fresh nonce and timestamp on every send).'
        : source.kind === 'oauth2'
          ? `The access token is in the OAuth 2.0 settings; "Get New Access Token" there runs the ${source.grant === 'client_credentials' ? 'client credentials grant' : 'authorization code flow'}.`
          : 'Exported by OAuth Lab.';
    return {
      text: postmanCollection({
        name: titleOf(exact),
        request: source.kind === 'oauth1' ? unsigned(source.signing) : request(),
        auth,
        secrets,
        description,
      }),
    };
  },
};
