import { MOCK_LAX } from '../../../shared/audit/mock-lax';
import { MCP_FAULTS } from '../../../shared/mcp/mock-faults';
import { ID_JAG_FAULTS } from '../../../shared/oauth2/id-jag';
import { SIGNATURE_METHODS } from '../../../shared/oauth1/signing';
import { PAR_FAULTS } from '../../../shared/oauth2/par-faults';
import { ID_TOKEN_ALGS, ID_TOKEN_FAULTS } from '../../../shared/oidc/mock-switches';

/**
 * What each of the mock's strictness switches and lifetimes does, in words, with its reference; the page renders
 * whatever the mock reports and falls back to the key for anything new.
 */
export const SETTING_LABELS: Readonly<Record<string, string>> = {
  requestTokenTtl: 'Request token lifetime, s (oauth_expires_in, interface §2.1)',
  codeTtl: 'Authorization code lifetime, s (interface §8; RFC 6749 §4.1.2)',
  accessTokenTtl: 'Bearer token lifetime, s (expires_in, interface §2.4)',
  refreshTokenTtl: 'Refresh token lifetime, s (assumption, RFC 9700 §4.14.2)',
  idTokenTtl: 'OpenID Connect id_token lifetime, s (mock-only, OIDC Core §2)',
  signatureMethods: 'OAuth 1.0a signature methods accepted (interface §5.1: HMAC-SHA1)',
  timestampWindow: 'Timestamp window, ± s (RFC 5849 §3.3)',
  checkNonce: 'Refuse a reused nonce (RFC 5849 §3.3)',
  nonceMemory: 'Nonces remembered at most (RFC 5849 §4.10)',
  oauth1HeaderOnly: 'Protocol parameters only in the Authorization header (interface §5.1)',
  requireTls: 'Refuse OAuth 1.0a over plain HTTP (RFC 5849 §2.1)',
  plaintextRequiresTls: 'Refuse PLAINTEXT over plain HTTP (RFC 5849 §3.4.4)',
  oauth1Callback: 'oauth_callback must be the registered one, or any URL',
  maxParameterLength: 'Longest accepted token, nonce or verifier',
  requireState: 'OAuth 2 state required (interface §4.2)',
  requirePkce: 'PKCE required for every client (RFC 9700 §2.1.1)',
  allowPlainPkce: 'Accept code_challenge_method=plain (RFC 7636 §4.2)',
  rotateRefreshTokens: 'Rotate refresh tokens (RFC 9700 §4.14.2)',
  revokeOnCodeReuse: 'Revoke a grant when its code is reused (RFC 6749 §4.1.2)',
  allowQueryAccessToken: 'Accept access_token in the query (RFC 6750 §2.3)',
  issParameter: 'Add iss to the authorization response (RFC 9207)',
  checkHost: 'Answer only loopback Host headers (DNS rebinding)',
  idTokenAlg: 'OpenID Connect id_token signing algorithm (mock-only, OIDC Core §3.1.3.7)',
  idTokenFault: 'OpenID Connect id_token fault: the step of OIDC Core §3.1.3.7 to fail (mock-only)',
  mcpFault: 'MCP authorization fault: the link of the chain to break at /mcp (mock-only)',
  dpopNonce: 'DPoP: challenge proofs without the server nonce (use_dpop_nonce, RFC 9449 §8, §9)',
  requestUriTtl: 'Pushed request_uri lifetime, s (expires_in, RFC 9126 §2.2)',
  requirePushedAuthorizationRequests: 'Every client must push its authorization requests (PAR, RFC 9126 §5)',
  parFault: 'PAR: hand out a request_uri already used or already expired (RFC 9126 §4)',
  dpopProofLifetime: 'DPoP proof lifetime, s (iat window and jti memory, RFC 9449 §11.1)',
  devicePollInterval: 'Device flow polling interval first given, s (RFC 8628 §3.2)',
  idJagFault:
    'ID-JAG: the one it issues broken (typ, aud, resource, client_id, exp or kid), refused at redemption (mock-only)',
  requestObjectAlgs: 'Request object algorithms: all (none and HS* too) or asymmetric only (RFC 9101, RFC 8725 §3.1)',
  lax: 'Flaws the mock has on purpose, each an oauth-lab audit finding (none by default)',
};

/** Switches that take one of a few words, offered as a choice (the mock refuses any other value, naming these). */
export const SETTING_CHOICES: Readonly<Record<string, readonly string[]>> = {
  oauth1Callback: ['registered', 'any'],
  idTokenAlg: ID_TOKEN_ALGS,
  idTokenFault: ID_TOKEN_FAULTS,
  mcpFault: MCP_FAULTS,
  parFault: PAR_FAULTS,
  idJagFault: ID_JAG_FAULTS,
  requestObjectAlgs: ['all', 'asymmetric'],
};

/** Switches that take a list of words, offered as checkboxes (the mock refuses any other value, naming these). */
export const SETTING_LISTS: Readonly<Record<string, readonly string[]>> = {
  signatureMethods: SIGNATURE_METHODS,
  lax: MOCK_LAX,
};
