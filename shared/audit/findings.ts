import type { CauseId } from '../explain/cause-ids';

/**
 * What `oauth-lab audit` can find wrong with an authorization server: the closed list, like the
 * explainer's cause ids. Each finding has its severity, the rule it breaks, and, where it is the server's side of a
 * failure the explainer names, that cause id. `active` findings need probes (`--active`); the others only read.
 */
export const SEVERITIES = ['high', 'medium', 'low', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface FindingSpec {
  readonly id: string;
  readonly severity: Severity;
  readonly section: string;
  readonly explain: CauseId | null;
  readonly active: boolean;
  /** What is wrong when the finding is found, in one sentence. */
  readonly title: string;
}

const spec =
  (active: boolean) =>
  <const I extends string>(
    id: I,
    severity: Severity,
    section: string,
    title: string,
    explain: CauseId | null = null
  ): FindingSpec & { readonly id: I } => ({ id, severity, section, explain, active, title });
const read = spec(false);
const probe = spec(true);

export const FINDINGS = [
  read(
    'metadata-issuer-mismatch',
    'high',
    'RFC 8414 §3.3, OIDC Discovery §4.3, RFC 9700 §4.4',
    'The metadata names another issuer than the one asked: a client cannot tell this server from an impersonator.'
  ),
  read(
    'metadata-http-endpoint',
    'high',
    'RFC 8414 §2, RFC 9700 §2.6',
    'An endpoint is plain http on a non-loopback host: codes, secrets and tokens would travel in cleartext.'
  ),
  read(
    'metadata-no-s256',
    'medium',
    'RFC 9700 §2.1.1, RFC 7636 §4.2',
    'code_challenge_methods_supported lacks S256: PKCE as RFC 9700 requires it is not advertised.'
  ),
  read(
    'metadata-plain-pkce-advertised',
    'low',
    'RFC 9700 §2.1.1, RFC 7636 §7.2',
    'PKCE method plain is advertised: its challenge is the verifier itself.'
  ),
  read(
    'metadata-implicit-advertised',
    'medium',
    'RFC 9700 §2.1.2',
    'A response type that returns tokens from the authorization endpoint (the implicit grant) is advertised.'
  ),
  read(
    'metadata-password-grant-advertised',
    'medium',
    'RFC 9700 §2.4',
    'The resource owner password credentials grant is advertised.'
  ),
  read(
    'metadata-no-iss-parameter',
    'low',
    'RFC 9207 §3, RFC 9700 §4.4.2',
    'authorization_response_iss_parameter_supported is not true: clients cannot detect mix-up attacks by iss.'
  ),
  read(
    'metadata-jwks-private-key',
    'high',
    'RFC 7517 §5, RFC 7518 §6.2.2, §6.3.2, §6.4.1',
    'The published JWK Set holds a private key member: anyone can sign as this server.'
  ),
  read(
    'metadata-weak-alg',
    'medium',
    'RFC 8725 §3.1, RFC 9101 §10.1, OIDC Core §3.1.3.7',
    'An HMAC algorithm is offered for id_tokens or request objects, or none for request objects (none for id_tokens is allowed, OIDC Discovery §3).'
  ),
  probe(
    'redirect-uri-prefix-match',
    'high',
    'RFC 9700 §2.1, §4.1.3',
    'A redirect URI with a longer path or an added segment is accepted.',
    'redirect_uri_mismatch'
  ),
  probe(
    'redirect-uri-query-added',
    'medium',
    'RFC 9700 §2.1, §4.1.3',
    'A redirect URI with an added query is accepted.',
    'redirect_uri_mismatch'
  ),
  probe(
    'redirect-uri-other-port',
    'high',
    'RFC 9700 §2.1, RFC 8252 §7.3',
    'A redirect URI on another port of a non-loopback host is accepted.',
    'redirect_uri_mismatch'
  ),
  probe(
    'redirect-uri-other-host',
    'high',
    'RFC 9700 §2.1, §4.1',
    'A redirect URI on another host is accepted.',
    'redirect_uri_mismatch'
  ),
  probe(
    'redirect-uri-scheme-downgrade',
    'high',
    'RFC 9700 §2.1, §4.1',
    'The registered https redirect URI is accepted as http.',
    'redirect_uri_mismatch'
  ),
  probe(
    'error-redirect-unregistered',
    'high',
    'RFC 6749 §4.1.2.1, RFC 9700 §4.11.2',
    'An error is redirected to an unregistered redirect URI: an open redirect.',
    'redirect_uri_mismatch'
  ),
  probe(
    'pkce-not-required',
    'high',
    'RFC 9700 §2.1.1, RFC 7636 §4.4.1',
    "A public client's code is issued without a code challenge.",
    'pkce_missing'
  ),
  probe('pkce-plain-accepted', 'low', 'RFC 9700 §2.1.1, RFC 7636 §4.2', 'code_challenge_method=plain is accepted.'),
  probe(
    'pkce-verifier-not-checked',
    'high',
    'RFC 7636 §4.6',
    'A code is exchanged with a wrong code_verifier.',
    'pkce_verifier_mismatch'
  ),
  probe(
    'pkce-downgrade',
    'high',
    'RFC 9700 §4.8.2, RFC 7636 §4.6',
    'A code asked for with an S256 challenge is exchanged without any verifier.',
    'pkce_missing'
  ),
  probe(
    'code-reuse-accepted',
    'high',
    'RFC 6749 §4.1.2, RFC 9700 §4.5',
    'An authorization code is exchanged twice.',
    'code_reused'
  ),
  probe(
    'code-reuse-tokens-not-revoked',
    'medium',
    'RFC 6749 §4.1.2',
    'The tokens of a code redeemed twice stay valid.',
    'code_reused'
  ),
  probe(
    'code-long-lived',
    'low',
    'RFC 6749 §4.1.2',
    'An authorization code is accepted after 10 minutes.',
    'code_expired'
  ),
  probe(
    'code-other-client',
    'high',
    'RFC 6749 §4.1.3',
    "A client's code is exchanged by another client.",
    'grant_for_another_client'
  ),
  probe(
    'refresh-reuse-not-detected',
    'medium',
    'RFC 9700 §4.14.2',
    'A rotated-out refresh token still works.',
    'refresh_token_reused'
  ),
  probe(
    'state-not-echoed',
    'medium',
    'RFC 6749 §4.1.2, RFC 9700 §4.7',
    'The authorization response does not carry the state sent.',
    'state_mismatch'
  ),
  probe(
    'iss-missing-in-response',
    'low',
    'RFC 9207 §2',
    'iss is advertised but absent from the authorization response.'
  ),
  probe(
    'client-secret-in-query-accepted',
    'medium',
    'RFC 6749 §2.3.1',
    'The client secret is accepted in the URL query.'
  ),
  probe('token-endpoint-get-accepted', 'medium', 'RFC 6749 §3.2', 'The token endpoint answers a GET with tokens.'),
  probe('token-response-cacheable', 'low', 'RFC 6749 §5.1', 'A token response lacks Cache-Control: no-store.'),
  probe(
    'bearer-in-query-accepted',
    'low',
    'RFC 6750 §2.3, RFC 9700 §4.3.2',
    'A bearer token is accepted in the access_token query parameter.'
  ),
  probe(
    'request-object-none-accepted',
    'medium',
    'RFC 9101 §10.1, RFC 8725 §3.1',
    'An unsigned (alg none) request object is accepted.'
  ),
  probe(
    'par-required-not-enforced',
    'medium',
    'RFC 9126 §5',
    'The metadata requires pushed requests, yet a plain authorization request is accepted.'
  ),
  probe(
    'dpop-required-not-enforced',
    'medium',
    'RFC 9449 §5.2',
    'A client bound to DPoP gets tokens without a proof.',
    'dpop_proof_invalid'
  ),
  probe(
    'dcr-insecure-redirect-accepted',
    'medium',
    'RFC 7591 §5, RFC 9700 §2.6',
    'Registration accepts a non-loopback http redirect URI.'
  ),
  probe(
    'advertised-not-enforced',
    'medium',
    'RFC 8414 §2',
    'An authentication method, grant type or algorithm the metadata does not list is accepted anyway.'
  ),
] as const;

export type FindingId = (typeof FINDINGS)[number]['id'];
export const FINDING_IDS: readonly FindingId[] = FINDINGS.map((f) => f.id);

export const findingSpec = (id: FindingId): FindingSpec => FINDINGS.find((f) => f.id === id)!;
