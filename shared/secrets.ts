/**
 * What a secret is, once, for every place that hides one: the mock's events, the CLI's output, the exports, the
 * explain report and the app's masks. A value is a secret when whoever holds it can act as the client or the user
 * (RFC 6749 §10.3-§10.5 (https://www.rfc-editor.org/rfc/rfc6749#section-10.3), RFC 6750 §5.3
 * (https://www.rfc-editor.org/rfc/rfc6750#section-5.3)). An OAuth 1.0a access token (`oauth_token`) is not one: it
 * is an identifier, useless without its secret (RFC 5849 §2.3 (https://www.rfc-editor.org/rfc/rfc5849#section-2.3)).
 */

/**
 * Parameter and JSON member names whose value is a secret wherever it appears: form, query, fragment or JSON. The
 * token kinds are among them: every token a token response holds is a credential but `oauth_token`.
 */
export const SECRET_PARAMETERS = [
  'client_secret', // RFC 6749 §2.3.1
  'client_assertion', // RFC 7521 §4.2
  'assertion', // the jwt-bearer and SAML grants, RFC 7521 §4.1
  'code_verifier', // RFC 7636 §4.5
  'device_code', // RFC 8628 §3.2
  'password', // RFC 6749 §4.3.2
  'access_token',
  'refresh_token',
  'id_token',
  'token', // revocation and introspection, RFC 7009 §2.1, RFC 7662 §2.1
  'subject_token', // token exchange, RFC 8693 §2.1
  'actor_token',
  'registration_access_token', // RFC 7591 §3.2.1
  'oauth_token_secret', // RFC 5849 §2.1
  'private_key',
  'api_key',
  'secret',
  'pin',
  'otp',
  'x_amz_signature', // a presigned URL's signature is its credential
  'x_amz_security_token',
] as const;

/**
 * Names that are secrets in a form, query or fragment only, where they have their protocol meaning: `code` is the
 * authorization code there (RFC 6749 §4.1.2, §10.5), `oauth_verifier` its OAuth 1.0a counterpart (RFC 5849 §2.2).
 */
export const FORM_SECRET_PARAMETERS = ['code', 'oauth_verifier'] as const;

export type SecretParameter = (typeof SECRET_PARAMETERS)[number] | (typeof FORM_SECRET_PARAMETERS)[number];

/**
 * Headers whose value is a credential (lower case). Authorization and Proxy-Authorization keep their scheme where
 * shown; an OAuth 1.0a `Authorization: OAuth` carries parameters, of which only a PLAINTEXT signature is secret.
 */
export const SECRET_HEADERS = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'dpop', // a proof is replayable within its window, RFC 9449 §11.1
  'x-api-key',
  'x-auth-token',
  'private-token',
  'x-goog-api-key',
  'ocp-apim-subscription-key',
  'x-amz-security-token',
] as const;

/** A JWK's private members: RFC 7518 §6.2.2 (EC), §6.3.2 (RSA), §6.4.1 (oct), RFC 8037 §2 (OKP). */
export const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

/** `access_token`, `accessToken`, `ACCESS-TOKEN` and `access%5Ftoken` are one name: lower case, no separators. */
const canonical = (name: string) => name.replace(/%5f/gi, '_').replace(/[_-]/g, '').toLowerCase();
const ANYWHERE = new Map<string, SecretParameter>(SECRET_PARAMETERS.map((n) => [canonical(n), n]));
const FORM_ONLY = new Map<string, SecretParameter>(FORM_SECRET_PARAMETERS.map((n) => [canonical(n), n]));
const HEADERS = new Set<string>(SECRET_HEADERS);

/** The list's name for a parameter (`form`: a form, query or fragment; `json`: a JSON member), or null when public. */
export function secretParameterOf(name: string, where: 'form' | 'json'): SecretParameter | null {
  const c = canonical(name);
  return ANYWHERE.get(c) ?? (where === 'form' ? (FORM_ONLY.get(c) ?? null) : null);
}

export const isSecretParameter = (name: string, where: 'form' | 'json') => secretParameterOf(name, where) !== null;

export const isSecretHeader = (name: string) => HEADERS.has(name.toLowerCase());

/**
 * A regular expression source matching every spelling of the secret names (`where` as in secretParameterOf), for
 * the consumers that replace values in raw text: each `_` also matches `-`, `%5F` or nothing (use with the `i` flag).
 */
export function secretNamesPattern(where: 'form' | 'json'): string {
  const names = where === 'form' ? [...SECRET_PARAMETERS, ...FORM_SECRET_PARAMETERS] : [...SECRET_PARAMETERS];
  return names
    .sort((a, b) => b.length - a.length)
    .map((n) => n.split('_').join('(?:_|-|%5F)?'))
    .join('|');
}

/**
 * The credential of an Authorization (or Proxy-Authorization) value: the scheme kept, the rest secret (RFC 9110
 * §11.4 (https://www.rfc-editor.org/rfc/rfc9110#section-11.4)). Null for OAuth 1.0a's parameters (RFC 5849 §3.5.1),
 * which are shown. A value of one word is all credential (scheme '').
 */
export function authorizationCredential(value: string): { scheme: string; credential: string } | null {
  const m = /^\s*(\S+)\s+([\s\S]*\S)\s*$/.exec(value);
  if (!m) return value.trim() === '' ? null : { scheme: '', credential: value.trim() };
  return /^oauth$/i.test(m[1]!) ? null : { scheme: m[1]!, credential: m[2]! };
}

/**
 * Secrets known by their shape wherever they stand, in a URL's path or in free text: a path that is itself the
 * credential (whoever has the URL can post as the bot or to the channel), and a JWT (a bearer token or an ID token
 * echoed by a provider). Each source matches the secret alone; what names it (`/bot`, `services/`) and a bot's or a
 * webhook's id are kept.
 */
const SECRET_SHAPES = [
  // Telegram Bot API: https://api.telegram.org/bot<token>/<method>.
  String.raw`(?<=/bot\d{3,}:)[A-Za-z0-9_-]{8,}`,
  // Slack incoming webhooks: https://hooks.slack.com/services/T…/B…/<secret>.
  String.raw`(?<=hooks\.slack\.com/services/T[A-Za-z0-9]+/B[A-Za-z0-9]+/)[A-Za-z0-9]+`,
  // Discord webhooks: /api/webhooks/<id>/<token>.
  String.raw`(?<=/api(?:/v\d+)?/webhooks/\d+/)[A-Za-z0-9_-]{8,}`,
  // Microsoft Teams (Office 365 connector) webhooks: /webhookb2/<ids>/IncomingWebhook/<secret>/<id>.
  String.raw`(?<=/webhookb2/)[^\s?#"']+`,
  // A JWS or unsecured JWT in compact form (RFC 7515 §7.1): its header always starts `{"` (eyJ).
  String.raw`\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*`,
] as const;

/** One source matching every SECRET_SHAPES entry (use with the `g` flag). */
export const secretShapesPattern = (): string => SECRET_SHAPES.join('|');
