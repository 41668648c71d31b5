/**
 * What a shareable report shows in clear: an allow-list, so a credential of a shape nobody foresaw (a vendor's
 * header, a camel-cased query parameter) is fingerprinted by default. Everything else is a fingerprint.
 */

/**
 * Protocol parameters that name what was asked and answered, never who may ask: RFC 6749 §4.1.1, §4.1.2.1, §5.1,
 * §5.2; RFC 7636 §4.3; RFC 7521 §4.2; RFC 8693 §2.1; RFC 8628 §3.2; RFC 9207 §2; RFC 8707 §2; RFC 5849 §3.1 and
 * §2.1 (the consumer key is the client's name); OIDC Core §3.1.2.1.
 */
const PUBLIC_PARAMETERS = new Set([
  'response_type',
  'response_mode',
  'grant_type',
  'scope',
  'client_id',
  'redirect_uri',
  'post_logout_redirect_uri',
  'code_challenge_method',
  'dpop_jkt', // a public key's thumbprint, RFC 9449 §10
  'request_uri', // a one-time reference that travels through the browser, RFC 9126 §2.2
  'error',
  'error_description',
  'error_uri',
  'token_type',
  'token_type_hint',
  'expires_in',
  'interval',
  'client_assertion_type',
  'subject_token_type',
  'actor_token_type',
  'requested_token_type',
  'issued_token_type',
  'resource',
  'audience',
  'iss',
  'prompt',
  'max_age',
  'display',
  'ui_locales',
  'claims_locales',
  'acr_values',
  'oauth_consumer_key',
  'oauth_signature_method',
  'oauth_version',
  'oauth_timestamp',
  'oauth_nonce',
  'oauth_callback',
  'oauth_callback_confirmed',
]);

/** Request headers that describe the request, not who sends it (RFC 9110 §8.3, §10.1.5, §12.5, §7.2; RFC 9111 §5.2). */
const PUBLIC_HEADERS = new Set([
  'accept',
  'accept-encoding',
  'accept-language',
  'cache-control',
  'connection',
  'content-length',
  'content-type',
  'date',
  'host',
  'pragma',
  'user-agent',
  'www-authenticate',
  'sec-fetch-dest',
  'sec-fetch-mode',
  'sec-fetch-site',
  'upgrade-insecure-requests',
  'mcp-protocol-version',
]);

/** Headers whose value is a URL: shown as a URL is, its user information removed and its query fingerprinted. */
export const URL_HEADERS = new Set(['referer', 'origin', 'location', 'content-location']);

/**
 * Whether a parameter's value is shown (after free-text redaction). `code_challenge` is public only with S256: a
 * plain challenge is the verifier itself (RFC 7636 §4.2), and plain is the default when no method is sent (§4.3).
 */
export function isPublicParameter(name: string, params: Readonly<Record<string, string>>): boolean {
  const lower = name.toLowerCase();
  if (lower === 'code_challenge') return params.code_challenge_method === 'S256';
  return PUBLIC_PARAMETERS.has(lower);
}

export const isPublicHeader = (name: string) => PUBLIC_HEADERS.has(name.toLowerCase());

/** The public names, for the test that holds them apart from the list of secrets. */
export const PUBLIC_NAMES = { parameters: [...PUBLIC_PARAMETERS], headers: [...PUBLIC_HEADERS] } as const;
