/** `oauth-lab call --help`: its own module, so printing it loads nothing the command runs with. */
import { CALL_SECRETS, secretsHelp } from '../secret-flags';
export const CALL_HELP = `Usage: oauth-lab call --url URL [--method M] [--header "N: v"] [--form n=v | --data TEXT --content-type T]
                      (--profile NAME | --bearer TOKEN | --consumer-key K ...) [--json]

Sends one request with credentials and prints the status and the body (control characters escaped).

  --profile NAME       a saved token of this profile (id or name) in the app's store, with its consumer key
                       and secret or client credentials; a refreshed OAuth 2 token is saved back. The token
                       used is said on stderr: the newest live one (not expired, or refreshable)
  --token-id ID        with --profile: use this saved token instead
  --base-url URL       with a path as --url: resolve it against this instead of the profile's base URL
                       (the built-in mock profile has none: its port changes with every start)
  --store-dir DIR      the store (default: the per-user config directory, as oauth-lab web); the exchanges
                       are recorded in its history, as the app's request signer records them
  --no-history         do not record the exchanges in the history
  --url URL            a full URL, or with --profile (or --base-url) a path relative to its base URL
  --method M           GET by default, POST with a body
  --header "N: v"      an extra header (repeatable); the profile's headers are sent too, a --header
                       replacing one of the same name
  --form n=v           a form body parameter (repeatable); signed by OAuth 1.0a (RFC 5849 §3.4.1.3.1)
  --data TEXT, --content-type T   another body (JSON, XML, ...): sent as is, not signed
  --json               one JSON object with every exchange (requests and responses) instead of the body
  --timeout S          seconds each request may take in all (default: the profile's, else 30; at most 600);
                       Ctrl-C cancels a request in flight, says which and exits with code 130

OAuth 2 bearer (RFC 6750):
  --bearer TOKEN       the access token
  --bearer-in P        header (default, §2.1), form (§2.2) or query (§2.3)
  --refresh-token RT, --token-url URL, --client-id I, --client-secret S, --client-auth body|basic|none|
                       client_secret_jwt|private_key_jwt, --private-key FILE, --key-id KID, --signing-alg ALG
                       how to refresh once on a 401 or when expired (with --profile: from the profile)
  --expires-at MS      when the given token expires (epoch milliseconds)

DPoP (RFC 9449), with an OAuth 2 token:
  --dpop               the token is DPoP-bound: sent as Authorization: DPoP with a fresh proof on every request
                       (the refresh too); a use_dpop_nonce answer is retried once with the server's DPoP-Nonce,
                       shown as its own step. Each proof's parts are printed on stderr with their sections.
                       With --profile and its saved token, on by itself when the profile's DPoP is on
  --dpop-key FILE      the key the token is bound to: a private JWK (JSON) or a PKCS#8 PEM; without it the
                       --profile's DPoP key, else a new key for this run (then only a refreshed token is bound
                       to it). Its thumbprint is printed
  --dpop-alg A         ES256 (default), RS256, PS256 or EdDSA
  --dpop-mistake M     make one mistake on purpose in the first proof, to see the server refuse it: htu-query,
                       htm-wrong, iat-stale, iat-future, ath-missing, ath-wrong, nonce-missing, nonce-wrong
                       (the server's nonce ignored: no retry with it), reused-jti (the request sent, accepted,
                       then sent again with the very same proof), another-key (the first proof bound to a
                       token, a resource call, signed by a fresh key other than the one the token is bound to)

OAuth 1.0a (RFC 5849):
  --consumer-key K, --consumer-secret S, --token T, --token-secret TS
  --signature-method M, --private-key FILE, --placement header|query|body, --realm R

${secretsHelp(CALL_SECRETS)}
`;
