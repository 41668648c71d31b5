import type { ClientAssertionSettings } from '../oauth2/client-assertion-request';
import { authenticatesByCertificate as byCertificate } from '../oauth2/token-request';
import type { Profile } from '../store/profile';
import { endpointUrl } from './common';
import type { OAuth1Config } from './oauth1-state';
import type { OAuth2Config } from './oauth2-flow';

/**
 * A profile's settings as the flow engines take them: one mapping, used by the app's flow pages and by the CLI
 * (whose flags build a profile), so both send the same requests.
 */

/** The redirect URI sent: the profile's override (a fixed registered URL, an https URL, a name), else the catcher's. */
const redirectUriOf = (p: Profile, catcherUri: string): string => p.redirectUri || catcherUri;

/** The profile targets the embedded mock: the built-in one, or one made from it that follows the mock. */
export const targetsMock = (p: Pick<Profile, 'builtIn' | 'followsMock'>): boolean => p.builtIn || p.followsMock;

/**
 * The base URL to use now: the running mock's for a profile that targets it (its port changes on every start and
 * on Stop/Start, so it is never stored), else the profile's own; null when there is none (the mock is stopped).
 */
export const profileBaseUrl = (p: Profile, mockBaseUrl: string | null): string | null =>
  targetsMock(p) ? mockBaseUrl : p.baseUrl || null;

/** What decides whether the token endpoint is the mock's mutual-TLS alias: a profile's, or the form's draft's. */
type MockMtlsFacts = Pick<Profile, 'builtIn' | 'followsMock'> & {
  readonly oauth2: Pick<Profile['oauth2'], 'clientAuthentication' | 'tokenPath'>;
};

/** The client authenticates by its TLS certificate (RFC 8705 §2), so its token requests go to a mutual-TLS port. */
const authenticatesByCertificate = (p: MockMtlsFacts): boolean => byCertificate(p.oauth2.clientAuthentication);

/**
 * The token endpoint's URL. For a profile that follows the mock and authenticates by certificate: the running mock's
 * mutual-TLS alias (RFC 8705 §5), resolved now from `mockMtlsBaseUrl` as the base URL is (its port changes on every
 * start, so it is never stored), a full URL in the profile aside; else the profile's path under `baseUrl`.
 */
export function profileTokenUrl(p: Profile, baseUrl: string, mockMtlsBaseUrl: string | null = null): string {
  const viaMtls = targetsMock(p) && authenticatesByCertificate(p) && mockMtlsBaseUrl !== null;
  return endpointUrl(viaMtls ? mockMtlsBaseUrl : baseUrl, p.oauth2.tokenPath);
}

/** Whether the token endpoint is the embedded mock's mutual-TLS alias, resolved at send time (profileTokenUrl). */
export const tokenAtMockMtls = (p: MockMtlsFacts): boolean =>
  targetsMock(p) && authenticatesByCertificate(p) && !/^https?:\/\//i.test(p.oauth2.tokenPath);

/** The server implements the service's interface: the built-in mock always, any other profile when marked so. */
const isService = (p: Profile): boolean => p.builtIn || p.service;

/** The service sends grant_type on the authorization URL (interface §4.2); RFC 6749 §4.1.1 (https://www.rfc-editor.org/rfc/rfc6749#section-4.1.1) does not, so others default to off. */
export const grantTypeInAuthorization = (p: Profile): boolean => p.oauth2.grantTypeInAuthorization ?? isService(p);

export function oauth1ConfigOf(p: Profile, baseUrl: string, catcherUri: string): OAuth1Config {
  const o = p.oauth1;
  return {
    baseUrl,
    consumerKey: o.consumerKey,
    consumerSecret: o.consumerSecret,
    callback: o.useOob ? 'oob' : redirectUriOf(p, catcherUri),
    signatureMethod: o.signatureMethod,
    realm: o.realm || null,
    includeVersion: o.includeVersion,
    placement: o.placement,
    legMethod: o.legMethod,
    headers: p.headers,
    // The service's §5.1 table lists oauth_callback in step three too; other servers ignore it or refuse it.
    callbackInAccessToken: isService(p),
    service: isService(p),
    paths: {
      requestToken: o.requestTokenPath,
      authorize: o.authorizePath,
      accessToken: o.accessTokenPath,
      api: o.apiPath,
    },
    ...(o.rsaPrivateKey ? { privateKeyPem: o.rsaPrivateKey } : {}),
  };
}

export function oauth2ConfigOf(
  p: Profile,
  baseUrl: string,
  catcherUri: string,
  mockMtlsBaseUrl: string | null = null
): OAuth2Config {
  const o = p.oauth2;
  return {
    baseUrl,
    clientId: o.clientId,
    clientSecret: o.clientSecret,
    redirectUri: redirectUriOf(p, catcherUri),
    scope: o.scope || null,
    pkce: o.pkce === 'off' ? null : o.pkce,
    authentication: o.clientAuthentication,
    includeGrantType: grantTypeInAuthorization(p),
    tokenBody: o.tokenBody,
    accessTokenField: o.accessTokenField || null,
    headers: p.headers,
    extraParams: { token: o.tokenParams, refresh: o.tokenParams },
    paths: { authorize: o.authorizePath, token: profileTokenUrl(p, baseUrl, mockMtlsBaseUrl), api: o.apiPath },
    service: isService(p),
    issuer: expectedIssuerOf(p, baseUrl),
    ...(o.issRequired ? { issuerRequired: true } : {}),
  };
}

/**
 * The issuer a flow expects to hear from (RFC 9207 §2.4, the id_token's iss too, OIDC Core §3.1.3.7): the
 * profile's, else the base URL without a trailing slash (an issuer identifier has none to spare, RFC 8414 §2).
 */
const expectedIssuerOf = (p: Profile, baseUrl: string): string => p.oauth2.issuer || baseUrl.replace(/\/+$/, '');

/**
 * How the profile's requests travel: its time limit, whether a self-signed certificate is accepted, the extra
 * certificate authorities it trusts, and the client certificate of mutual TLS (RFC 8705 §2), when it has one. One
 * mapping for the app's sends and the CLI's.
 */
export function transportOf(p: Profile) {
  return {
    allowSelfSigned: p.allowSelfSigned,
    timeoutMs: p.timeoutMs,
    ...(p.caCertificates.trim() ? { ca: p.caCertificates } : {}),
    ...(p.oauth2.clientCertificate.trim()
      ? { clientCertificate: { cert: p.oauth2.clientCertificate, key: p.oauth2.clientKey } }
      : {}),
  };
}

/**
 * How a client_secret_jwt or private_key_jwt assertion is made for this profile (RFC 7523 §2.2, OIDC Core §9); null
 * for the other methods. aud is the token endpoint's URL, or the issuer (empty: the base URL), as the profile says;
 * `endpoint`: the URL of another endpoint the assertion goes to in place of the token endpoint's (the pushed
 * authorization request endpoint, which RFC 9126 §2 lets be the audience beside the issuer).
 */
export function clientAssertionOf(p: Profile, baseUrl: string, endpoint?: string): ClientAssertionSettings | null {
  const o = p.oauth2;
  const method = o.clientAuthentication;
  if (method !== 'client_secret_jwt' && method !== 'private_key_jwt') return null;
  return {
    method,
    clientId: o.clientId,
    key: method === 'client_secret_jwt' ? o.clientSecret : o.assertionKey,
    alg: o.assertionAlg || null,
    kid: o.assertionKeyId || null,
    audience: o.assertionAudience === 'issuer' ? o.issuer || baseUrl : (endpoint ?? endpointUrl(baseUrl, o.tokenPath)),
  };
}

/**
 * Whether the browser's redirect to `redirectUri` reaches the loopback catcher at `catcherUri`: http, a loopback
 * host (127.0.0.1 or localhost, RFC 8252 §7.3 (https://www.rfc-editor.org/rfc/rfc8252#section-7.3)), the same port and path. Otherwise the user pastes the URL landed on.
 */
export function redirectReachesCatcher(redirectUri: string, catcherUri: string): boolean {
  const m = /^http:\/\/(127\.0\.0\.1|localhost)(?::(\d+))?(\/[^?#]*)?/i.exec(redirectUri.trim());
  const c = /^http:\/\/127\.0\.0\.1:(\d+)(\/[^?#]*)/.exec(catcherUri);
  return !!m && !!c && (m[2] ?? '80') === c[1] && (m[3] ?? '/') === c[2];
}
