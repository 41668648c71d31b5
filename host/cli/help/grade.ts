/** `oauth-lab grade --help`: its own module, so printing it loads nothing the command runs with. */
export const GRADE_HELP = `Usage: oauth-lab grade --drive "CMD" [--pack oidc-basic|oauth2|all] [--scenario ID]... [--wait SECONDS]
                       [--json] [--report OUT.html] [--junit OUT.xml]

Grades an OAuth 2 / OpenID Connect client, scenario by scenario. For each scenario a fresh issuer is served on
127.0.0.1 under its own path (http://127.0.0.1:PORT/grade/RUN/SCENARIO) and CMD runs once through the shell with:

  OAUTH_LAB_ISSUER         the issuer; discovery at $OAUTH_LAB_ISSUER/.well-known/openid-configuration
  OAUTH_LAB_CLIENT_ID      a registered confidential client (client_secret_basic)
  OAUTH_LAB_CLIENT_SECRET  its secret
  OAUTH_LAB_REDIRECT_URI   its registered redirect URI (nothing needs to listen there)
  OAUTH_LAB_SCOPE          the scope to ask for (openid, or what the scenario needs)
  OAUTH_LAB_ID_TOKEN_SIGNED_RESPONSE_ALG
                           the client's registered id_token alg: RS256, or none in -idtoken-sig-none
  OAUTH_LAB_SCENARIO       the scenario's id, for the client's logs only

The client does what a headless client does: discovery; an authorization request with PKCE S256, state and
nonce; a GET of the authorization URL without following redirects (the issuer approves a test user at once and
answers 302 with code, state and iss); it validates the response, exchanges the code, validates the id_token
and calls UserInfo; given a refresh token, it refreshes once (validating a new id_token) and calls UserInfo
again. A client that detects a problem stops.

The verdict comes from what the issuer observed, as the OpenID Foundation's RP tests decide: calling the next
endpoint after a bad response fails a "reject" scenario; stopping fails an "accept" one; PKCE, client_secret_basic
and refresh token rotation are judged on the requests themselves. The client's exit code is reported, not judged.
A scenario is decided when CMD exits.

  --drive "CMD"        the command that runs the client once (required)
  --pack P             oidc-basic (the OpenID Foundation's Basic RP modules and their neighbours), oauth2
                       (RFC 9700, RFC 9207, RFC 6749) or all (the default)
  --scenario ID        run only this scenario of the pack; repeat for more
  --wait SECONDS       stop a client still running after this long (default 5)
  --json               one JSON object: {"pack", "scenarios": [{"id", "verdict": "pass"|"fail"|"skip",
                       "expectation": "reject"|"accept"|"either", "section", "evidence": [...], "exitCode"}],
                       "passed", "failed"}; exitCode is 124 for a client stopped after --wait, 128 + N
                       for one killed by signal N
  --report OUT.html    also write the grade as a page with the requests each issuer saw, every secret a
                       fingerprint keyed for this report (as explain --report does)
  --junit OUT.xml      also write the grade as JUnit XML for CI systems

Scenarios, pack oauth2: authorization-response-state-mismatch, authorization-response-iss-mismatch,
authorization-response-iss-missing, pkce-s256, refresh-token-rotation, token-type-case-insensitive,
token-response-without-expires-in, id-token-aud-array.
Pack oidc-basic: oidcc-client-test, -invalid-iss, -invalid-aud, -missing-aud, -nonce-invalid, -invalid-sig-rs256,
-invalid-sig-hs256, -missing-sub, -missing-iat, -userinfo-invalid-sub, -idtoken-sig-rs256,
-idtoken-sig-none, -kid-absent-single-jwks, -kid-absent-multiple-jwks, -client-secret-basic,
-scope-userinfo-claims, -refresh-token, -refresh-token-invalid-issuer, -refresh-token-invalid-sub,
-discovery-issuer-mismatch (each oidcc-client-test-…).

Exit status: 0 when no scenario failed, 1 when one did, 2 for a bad flag, 130 on Ctrl-C (the client is stopped too).
`;
