import type { CauseId } from './cause-ids';
import type { LegKind } from './legs';

/**
 * What providers say when they refuse, mapped onto cause ids, each with the page that documents the words. One
 * text may name several causes (GitHub's "incorrect or expired"); the recorded evidence then orders them.
 */
interface ProviderText {
  readonly provider: string;
  /** Tested against `error error_description` (or the provider's message) of the refusal. */
  readonly pattern: RegExp;
  /** The causes the text names; a function when it depends on the leg (a code or a refresh token). */
  readonly causes: readonly CauseId[] | ((kind: LegKind) => readonly CauseId[]);
  readonly doc: string;
}

const ENTRA = 'https://learn.microsoft.com/en-us/entra/identity-platform/reference-error-codes';
const GITHUB_TOKEN =
  'https://docs.github.com/en/apps/oauth-apps/maintaining-oauth-apps/troubleshooting-oauth-app-access-token-request-errors';
const GITHUB_AUTHORIZE =
  'https://docs.github.com/en/apps/oauth-apps/maintaining-oauth-apps/troubleshooting-authorization-request-errors';
const GOOGLE = 'https://developers.google.com/identity/protocols/oauth2/web-server#handlingresponse';
const GOOGLE_EXPIRY = 'https://developers.google.com/identity/protocols/oauth2#expiration';
const OAUTHLIB = 'https://github.com/oauthlib/oauthlib/blob/master/oauthlib/oauth2/rfc6749/errors.py';
const OIDC_PROVIDER = 'https://github.com/panva/node-oidc-provider/blob/main/lib/helpers/errors.js';
/** OAuth Lab's own mock documents its refusals in its token endpoint's source. */
const MOCK = 'OAuth Lab mock, mock-provider/oauth2-token.ts';

const codeOrRefresh =
  (code: CauseId, refresh: CauseId) =>
  (kind: LegKind): readonly CauseId[] =>
    kind === 'refresh' ? [refresh] : [code];

const PROVIDER_TEXTS: readonly ProviderText[] = [
  // Microsoft Entra ID: AADSTS codes in error_description.
  { provider: 'Microsoft Entra ID', pattern: /\bAADSTS50011\b/, causes: ['redirect_uri_mismatch'], doc: ENTRA },
  { provider: 'Microsoft Entra ID', pattern: /\bAADSTS54005\b/, causes: ['code_reused'], doc: ENTRA },
  {
    provider: 'Microsoft Entra ID',
    pattern: /\bAADSTS70008\b/,
    causes: codeOrRefresh('code_expired', 'token_expired'),
    doc: ENTRA,
  },
  {
    provider: 'Microsoft Entra ID',
    pattern: /\bAADSTS(50148|501481)\b/,
    causes: ['pkce_verifier_mismatch'],
    doc: ENTRA,
  },
  {
    provider: 'Microsoft Entra ID',
    pattern: /\bAADSTS(7000215|7000222)\b/,
    causes: ['client_authentication_failed'],
    doc: ENTRA,
  },
  {
    provider: 'Microsoft Entra ID',
    pattern: /\bAADSTS(7000218|700025)\b/,
    causes: ['client_auth_method_mismatch'],
    doc: ENTRA,
  },
  { provider: 'Microsoft Entra ID', pattern: /\bAADSTS700016\b/, causes: ['unknown_client'], doc: ENTRA },
  { provider: 'Microsoft Entra ID', pattern: /\bAADSTS65004\b/, causes: ['access_denied'], doc: ENTRA },
  { provider: 'Microsoft Entra ID', pattern: /\bAADSTS70011\b/, causes: ['scope_not_allowed'], doc: ENTRA },
  { provider: 'Microsoft Entra ID', pattern: /\bAADSTS700082\b/, causes: ['token_expired'], doc: ENTRA },
  { provider: 'Microsoft Entra ID', pattern: /\bAADSTS50173\b/, causes: ['refresh_token_revoked'], doc: ENTRA },
  { provider: 'Microsoft Entra ID', pattern: /\bAADSTS700024\b/, causes: ['clock_skew'], doc: ENTRA },
  { provider: 'Microsoft Entra ID', pattern: /\bAADSTS700005\b/, causes: ['grant_for_another_client'], doc: ENTRA },
  // GitHub: its own error codes, sent with HTTP 200.
  {
    provider: 'GitHub',
    pattern: /^bad_verification_code\b/,
    causes: ['code_reused', 'code_expired'],
    doc: GITHUB_TOKEN,
  },
  {
    provider: 'GitHub',
    pattern: /^incorrect_client_credentials\b/,
    causes: ['client_authentication_failed', 'unknown_client'],
    doc: GITHUB_TOKEN,
  },
  { provider: 'GitHub', pattern: /^redirect_uri_mismatch\b/, causes: ['redirect_uri_mismatch'], doc: GITHUB_AUTHORIZE },
  // Google.
  {
    provider: 'Google',
    pattern: /Token has been expired or revoked/i,
    causes: ['refresh_token_revoked', 'token_expired'],
    doc: GOOGLE_EXPIRY,
  },
  { provider: 'Google', pattern: /The OAuth client was not found/i, causes: ['unknown_client'], doc: GOOGLE },
  {
    provider: 'Google',
    pattern: /^invalid_client Unauthorized\b/,
    causes: ['client_authentication_failed'],
    doc: GOOGLE,
  },
  // Django OAuth Toolkit (oauthlib's descriptions; invalid_grant comes with none).
  {
    provider: 'Django OAuth Toolkit (oauthlib)',
    pattern: /Mismatching redirect URI/i,
    causes: ['redirect_uri_mismatch'],
    doc: OAUTHLIB,
  },
  {
    provider: 'Django OAuth Toolkit (oauthlib)',
    pattern: /Code (verifier|challenge) required/i,
    causes: ['pkce_missing'],
    doc: OAUTHLIB,
  },
  {
    provider: 'Django OAuth Toolkit (oauthlib)',
    pattern: /Invalid client_id parameter value/i,
    causes: ['unknown_client'],
    doc: OAUTHLIB,
  },
  // @node-oauth/oauth2-server: its model's getClient(id, secret) finds no client for an unknown id and a wrong
  // secret alike, so the one text names both; the evidence orders them.
  {
    provider: '@node-oauth/oauth2-server',
    pattern: /\bInvalid client: client is invalid\b/,
    causes: ['client_authentication_failed', 'unknown_client'],
    doc: 'https://github.com/node-oauth/node-oauth2-server/blob/master/lib/handlers/token-handler.js',
  },
  // node-oidc-provider (its invalid_grant says only "grant request is invalid": the evidence decides).
  { provider: 'node-oidc-provider', pattern: /\bclient is invalid\b/, causes: ['unknown_client'], doc: OIDC_PROVIDER },
  {
    provider: 'node-oidc-provider',
    pattern: /^invalid_client client authentication failed\b/,
    causes: ['client_authentication_failed', 'client_auth_method_mismatch'],
    doc: OIDC_PROVIDER,
  },
  {
    provider: 'node-oidc-provider',
    pattern: /client_id and client_secret in the authorization header are not properly encoded/,
    causes: ['basic_credentials_not_form_encoded'],
    doc: 'https://github.com/panva/node-oidc-provider/blob/main/lib/shared/client_auth.js',
  },
  {
    provider: 'node-oidc-provider',
    pattern: /requested grant type is not allowed for this client/,
    causes: ['unauthorized_client'],
    doc: 'https://github.com/panva/node-oidc-provider/blob/main/lib/actions/token.js',
  },
  {
    provider: 'node-oidc-provider',
    pattern: /requested scope is not allowed/,
    causes: ['scope_not_allowed'],
    doc: OIDC_PROVIDER,
  },
  {
    provider: 'node-oidc-provider',
    pattern: /redirect_uri did not match any of the client's registered redirect_uris/,
    causes: ['redirect_uri_mismatch'],
    doc: OIDC_PROVIDER,
  },
  { provider: 'OAuth Lab mock', pattern: /is not a client of this provider/, causes: ['unknown_client'], doc: MOCK },
  {
    provider: 'OAuth Lab mock',
    pattern: /wrong client_secret for /,
    causes: ['client_authentication_failed'],
    doc: MOCK,
  },
  {
    provider: 'OAuth Lab mock',
    pattern: /The authorization code expired at /,
    causes: ['code_expired'],
    doc: 'OAuth Lab mock, mock-provider/grants/authorization-code.ts',
  },
];

export interface RecognisedText {
  readonly provider: string;
  readonly causes: readonly CauseId[];
  readonly doc: string;
}

/** The documented provider text a refusal matches, or null. */
export function recogniseProviderText(error: string | null, text: string | null, kind: LegKind): RecognisedText | null {
  const description = text && error && text.startsWith(`${error}: `) ? text.slice(error.length + 2) : text;
  const said = [error, description].filter(Boolean).join(' ');
  if (said === '') return null;
  const hit = PROVIDER_TEXTS.find((t) => t.pattern.test(said));
  if (!hit) return null;
  return {
    provider: hit.provider,
    causes: typeof hit.causes === 'function' ? hit.causes(kind) : hit.causes,
    doc: hit.doc,
  };
}
