import type { TraceStepId } from './oauth1/trace-step-id';

/**
 * Every code a ProtocolError carries, once. Programs compare `error.code` with these constants, never with a
 * string typed again elsewhere; the union type below makes a misspelt code fail typecheck.
 */
export const PROTOCOL_ERROR = {
  // Text encodings (RFC 3986 §2.1 (https://www.rfc-editor.org/rfc/rfc3986#section-2.1), RFC 5849 §3.6 (https://www.rfc-editor.org/rfc/rfc5849#section-3.6), RFC 4648 (https://www.rfc-editor.org/rfc/rfc4648)).
  /** A lone UTF-16 surrogate: the text has no UTF-8 form. */
  INVALID_UNICODE: 'invalid_unicode',
  /** Percent-decoded octets that are not UTF-8. */
  INVALID_UTF8: 'invalid_utf8',
  /** A `%` not followed by two hex digits. */
  INVALID_PERCENT_ENCODING: 'invalid_percent_encoding',
  /** Text that is not base64. */
  INVALID_BASE64: 'invalid_base64',

  // URLs.
  /** Not an absolute http(s) URL. */
  INVALID_URL: 'invalid_url',
  /** The address pasted from the browser is not a redirect URL with a query. */
  INVALID_PASTED_URL: 'invalid_pasted_url',

  // Building an OAuth 1.0a request (RFC 5849 §3.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.1), §3.4.1, §3.5).
  /** oauth_consumer_key is empty. */
  MISSING_CONSUMER_KEY: 'missing_consumer_key',
  /** oauth_nonce is empty for a method that needs one. */
  MISSING_NONCE: 'missing_nonce',
  /** oauth_timestamp is empty for a method that needs one. */
  MISSING_TIMESTAMP: 'missing_timestamp',
  /** An extra protocol parameter whose name does not start with oauth_. */
  INVALID_EXTRA_PARAMETER: 'invalid_extra_parameter',
  /** An extra protocol parameter the signer already sets. */
  DUPLICATE_PROTOCOL_PARAMETER: 'duplicate_protocol_parameter',
  /** The HTTP method is not a method token. */
  INVALID_METHOD: 'invalid_method',
  /** An `Authorization: OAuth` value that does not parse. */
  INVALID_AUTHORIZATION_HEADER: 'invalid_authorization_header',
  /** Protocol parameters in the body of a request that has no form body. */
  BODY_PLACEMENT_NEEDS_FORM: 'body_placement_needs_form',
  /** oauth_body_hash asked for on a form body, whose parameters are signed already. */
  BODY_HASH_ON_FORM: 'body_hash_on_form',
  /** oauth_body_hash asked for with PLAINTEXT, which has no hash. */
  BODY_HASH_UNSUPPORTED: 'body_hash_unsupported',

  // Signing (RFC 5849 §3.4.2-3.4.4 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.2)).
  /** A signature method name outside the supported list. */
  UNSUPPORTED_SIGNATURE_METHOD: 'unsupported_signature_method',
  /** An RSA method without the consumer's private key. */
  MISSING_PRIVATE_KEY: 'missing_private_key',
  /** A private key the crypto port cannot use. */
  INVALID_PRIVATE_KEY: 'invalid_private_key',
  /** A JWS algorithm that does not fit the key (RFC 7518 §3.1), or one a client assertion cannot use. */
  ALG_KEY_MISMATCH: 'alg_key_mismatch',
  /** The JOSE port could not sign the client assertion (its reason follows). */
  ASSERTION_SIGNING_FAILED: 'assertion_signing_failed',
  /** An RSA signature asked of the page, which never holds private keys. */
  RSA_IN_HOST: 'rsa_in_host',

  // A flow leg run before what it needs exists.
  /** No request token yet (OAuth 1.0a step one not done). */
  NO_REQUEST_TOKEN: 'no_request_token',
  /** No verifier yet (OAuth 1.0a step two not done). */
  MISSING_VERIFIER: 'missing_verifier',
  /** No access token yet. */
  NO_ACCESS_TOKEN: 'no_access_token',
  /** No authorization code yet. */
  MISSING_CODE: 'missing_code',
  /** No refresh token to refresh with. */
  MISSING_REFRESH_TOKEN: 'missing_refresh_token',
  /** No token to revoke or introspect. */
  MISSING_TOKEN: 'missing_token',
  /** A token-endpoint grant's own parameter (RFC 7523 §2.1's assertion, …) is empty. */
  MISSING_GRANT_PARAMETER: 'missing_grant_parameter',
  /** Both form parameters and a raw body for one request. */
  TWO_BODIES: 'two_bodies',
  /** The request could not be sent (the transport's own code is the cause). */
  SEND_FAILED: 'send_failed',

  // Building an OAuth 2 request, reading its callback (RFC 6749 (https://www.rfc-editor.org/rfc/rfc6749), 6750, 7636).
  /** client_id is empty. */
  MISSING_CLIENT_ID: 'missing_client_id',
  /** redirect_uri is empty, has a space or a fragment. */
  INVALID_REDIRECT_URI: 'invalid_redirect_uri',
  /** state is empty. */
  MISSING_STATE: 'missing_state',
  /** prompt or max_age outside what OIDC Core §3.1.2.1 allows (prompt=none with another value, a negative max_age). */
  INVALID_LOGIN_OPTION: 'invalid_login_option',
  /** An extra parameter the request already sets. */
  DUPLICATE_PARAMETER: 'duplicate_parameter',
  /** A code_verifier outside 43-128 unreserved characters. */
  INVALID_CODE_VERIFIER: 'invalid_code_verifier',
  /** An access token with characters RFC 6750 §2.1 (https://www.rfc-editor.org/rfc/rfc6750#section-2.1) does not allow. */
  INVALID_BEARER_TOKEN: 'invalid_bearer_token',
  /** A bearer token in the body of a GET or HEAD. */
  BEARER_FORM_METHOD: 'bearer_form_method',
  /** A bearer token in a body that is not a form. */
  BEARER_FORM_BODY: 'bearer_form_body',
  /** A DPoP-bound token placed anywhere but the Authorization header (RFC 9449 §7.1). */
  DPOP_TOKEN_PLACEMENT: 'dpop_token_placement',

  // OpenID Connect.
  /** Not a JWS compact serialization with JSON object parts. */
  INVALID_JWT: 'invalid_jwt',
  /** A JWE, which needs the client's private key. */
  ENCRYPTED_JWT: 'encrypted_jwt',
  /** An issuer identifier with a query or fragment (RFC 8414 §2 (https://www.rfc-editor.org/rfc/rfc8414#section-2)). */
  INVALID_ISSUER: 'invalid_issuer',

  // The signature debugger's inputs.
  /** Text that is not METHOD&URI&PARAMETERS. */
  INVALID_BASE_STRING: 'invalid_base_string',
  /** An Authorization value that is not HTTP Basic credentials. */
  INVALID_BASIC: 'invalid_basic',
  /** A header name that is not a token. */
  INVALID_HEADER: 'invalid_header',
  /** A request with no oauth_* parameters to check. */
  NO_OAUTH_PARAMETERS: 'no_oauth_parameters',
  /** oauth_* parameters without oauth_signature. */
  MISSING_SIGNATURE: 'missing_signature',
  /** oauth_* parameters without oauth_signature_method. */
  MISSING_SIGNATURE_METHOD: 'missing_signature_method',
  /** A quote in a curl command that never closes. */
  UNTERMINATED_QUOTE: 'unterminated_quote',
  /** Shell expansion or operators in a curl command. */
  UNSUPPORTED_SHELL_SYNTAX: 'unsupported_shell_syntax',
  /** A curl option the reader does not take. */
  UNSUPPORTED_CURL_OPTION: 'unsupported_curl_option',
  /** A curl --header that is not "Name: value". */
  INVALID_CURL_HEADER: 'invalid_curl_header',
  /** A command that is not curl. */
  NOT_A_CURL_COMMAND: 'not_a_curl_command',
  /** A curl option without its value. */
  MISSING_CURL_VALUE: 'missing_curl_value',
  /** A curl command without a URL. */
  MISSING_URL: 'missing_url',
  /** A curl command with more than one URL. */
  SEVERAL_URLS: 'several_urls',
  /** An empty raw HTTP request. */
  EMPTY_REQUEST: 'empty_request',
  /** A first line that is not METHOD TARGET HTTP/1.1. */
  INVALID_REQUEST_LINE: 'invalid_request_line',
  /** A header line that is not "Name: value". */
  INVALID_HEADER_LINE: 'invalid_header_line',
  /** A chunked body, pasted with its framing. */
  UNSUPPORTED_TRANSFER_ENCODING: 'unsupported_transfer_encoding',
  /** A compressed body. */
  UNSUPPORTED_CONTENT_ENCODING: 'unsupported_content_encoding',
  /** An origin-form request without a Host header. */
  MISSING_HOST: 'missing_host',
  /** A request target that is neither a path nor an absolute URL. */
  INVALID_REQUEST_TARGET: 'invalid_request_target',
  /** A Content-Length that is not a number. */
  INVALID_CONTENT_LENGTH: 'invalid_content_length',
} as const;

export type ProtocolErrorCode = (typeof PROTOCOL_ERROR)[keyof typeof PROTOCOL_ERROR];

/**
 * Where a ProtocolError happened: a signature trace step (the UI marks that step), or the named parser, builder or
 * flow leg that threw.
 */
export type ProtocolStep =
  | TraceStepId
  // Encodings and URLs.
  | 'percent-encode'
  | 'percent-decode'
  | 'utf8'
  | 'base64'
  | 'url'
  | 'response'
  // OAuth 1.0a and OAuth 2 flow legs, and sending.
  | 'requestToken'
  | 'accessToken'
  | 'authorize'
  | 'token'
  | 'refresh'
  | 'api'
  | 'send'
  | 'callback'
  | 'bearer'
  // OAuth 2 request builders.
  | 'authorization-request'
  | 'token-request'
  | 'pkce'
  | 'client-assertion'
  // OpenID Connect.
  | 'discovery'
  | 'decode'
  | 'revocation'
  | 'introspection'
  | 'access-token'
  | 'userinfo'
  // DPoP (RFC 9449).
  | 'dpop'
  // The host's exports and transport.
  | 'export'
  | 'har'
  | 'transport'
  // The signature debugger's readers.
  | 'curl'
  | 'raw-http'
  | 'request-fields'
  | 'header-parameters'
  | 'debug-request'
  | 'basic-credentials'
  | 'base-string'
  | 'server-base-string'
  | 'client-base-string';

/**
 * The one base of every coded error: `code` is one word of its subclass's closed vocabulary (PROTOCOL_ERROR here,
 * CONTRACT_ERROR in shared/bridge/result.ts, each service's own code union), for programs; `step` names the
 * computation that failed, when known, so a UI can mark it; `message` says what is wrong and what was expected.
 * The bridge's dispatch answers any CodedError with its code, and anything else as `internal`: a thrown value is
 * coded by its class, never by the shape of its fields.
 */
export class CodedError<Code extends string = string> extends Error {
  constructor(
    readonly code: Code,
    readonly step: ProtocolStep | undefined,
    message: string,
    options?: ErrorOptions
  ) {
    super(message, options);
  }
}

/** A coded protocol error: a code from PROTOCOL_ERROR and always the step that failed. */
export class ProtocolError extends CodedError<ProtocolErrorCode> {
  override readonly name = 'ProtocolError';
  declare readonly step: ProtocolStep;
  constructor(code: ProtocolErrorCode, step: ProtocolStep, message: string, options?: ErrorOptions) {
    super(code, step, message, options);
  }
}
