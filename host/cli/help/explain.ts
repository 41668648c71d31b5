/** `oauth-lab explain --help`: its own module, so printing it loads nothing the command runs with. */
export const EXPLAIN_HELP = `Usage: oauth-lab explain FILE [--json] [--report OUT.html] [--code-lifetime S]

Reads FILE, a HAR 1.2 file (a browser's DevTools export, a proxy's, Postman's, or OAuth Lab's own), finds the
OAuth 2 and OpenID Connect legs in it whatever the endpoint paths (pushed authorization requests, RFC 9126;
authorization request and redirect; token requests by grant_type, refresh, revocation, introspection, resource
calls with Bearer or DPoP, discovery, JWKS) and, for each leg that failed, names the causes the recorded
evidence supports, most likely first, each with the evidence (citing entry numbers, counted from 0 in
log.entries) and the RFC section. A leg fails when its server refused it, when the client's own checks fail
with every answer 200 (state, nonce), or when the client's own callback refused the redirect. unknown_client is
ruled out when the file shows the server knowing the client_id (a code issued to it). A secret replaced by a
placeholder shared by every value (YOUR_AUTHORIZATION_CODE, {{authorization_code}}) is not compared: the cause
is unknown, saying so; OAuth Lab's History HAR tags each value's placeholder, and those compare. Codes, tokens
and other secrets are shown as fingerprints keyed for this run: the same value has the same fingerprint, and
none can be looked up.

Cause ids: redirect_uri_mismatch, code_reused, code_expired, pkce_verifier_mismatch, pkce_missing,
client_authentication_failed, client_auth_method_mismatch, basic_credentials_not_form_encoded,
basic_credentials_not_form_decoded, unknown_client, unauthorized_client, access_denied, refresh_token_reused,
refresh_token_revoked, grant_for_another_client, scope_not_allowed, insufficient_scope, state_mismatch,
nonce_mismatch, clock_skew, token_expired, token_revoked, wrong_token_type, dpop_proof_invalid,
dpop_nonce_required, code_bound_to_another_dpop_key, request_uri_reused, request_uri_expired,
unsupported_grant_type,
subject_token_type_wrong, subject_token_invalid, audience_mismatch, id_jag_typ_wrong, assertion_expired,
subject_token_for_another_client,
unknown.

  --json               one JSON object: {"legs": [{"kind", "entries", "ok"}], "causes": [{"id", "leg",
                       "evidence", "rfc"}]}; "causes" is [] when nothing failed. Leg kinds: authorization,
                       token (authorization_code), refresh, grant (any other grant_type), revocation,
                       introspection, resource, discovery, jwks
  --report OUT.html    also write a self-contained HTML report to OUT.html and its JSON next to it (OUT.json),
                       to share with a support desk: only public protocol parameters and descriptive headers
                       in clear, every other value a fingerprint; --report /dev/stdout prints the page
                       before the text (no OUT.json beside a stream)
  --code-lifetime S    the provider's authorization code lifetime in seconds: a code redeemed later is
                       named code_expired (without it, 60 s or more is suspect)

Exit code 0 when the file was read (with or without causes), 2 when it cannot be read as HAR or for bad flags.
`;
