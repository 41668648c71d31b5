/** `oauth-lab flow client-credentials --help` and `flow device --help`: printing it loads nothing else. */
import { secretsHelp } from '../secret-flags';

export const MACHINE_FLOW_HELP = `Usage: oauth-lab flow client-credentials ((--base-url URL | --issuer URL) [--token-path P] | --token-url URL)
           --client-id ID [--client-secret S] [--client-auth AUTH] [--private-key FILE] [--key-id KID] [--signing-alg ALG]
           [--scope S] [--resource URI]... [--audience A] [--client-cert FILE --client-key FILE] [--ca-file FILE]
           [--dpop [--dpop-key FILE] [--dpop-alg ALG] [--dpop-mistake M]] [--json]
       oauth-lab flow device (--base-url URL | --issuer URL) [--token-path P] [--device-authorization-path P]
           --client-id ID [--client-secret S] [--client-auth AUTH] [--private-key FILE] [--key-id KID] [--signing-alg ALG]
           [--scope S] [--client-cert FILE --client-key FILE] [--ca-file FILE]
           [--dpop [--dpop-key FILE] [--dpop-alg ALG] [--dpop-mistake M]] [--json]

Gets a token without a browser, for scripts and CI: no prompt (except a hidden one for a missing secret on a
terminal), exit code 0 only with a token. The token response's fields go to stdout (name=value lines, or one
JSON object with --json); progress and every request's checks go to stderr.

client-credentials (RFC 6749 §4.4): one token request with the client's own credentials. There is no refresh
token (§4.4.3): run it again before the token expires.
device (RFC 8628): asks for a device code, prints on stderr, each on its own line,
    verification_uri: URL
    user_code: CODE
    verification_uri_complete: URL      (when the server gives one)
then polls the token endpoint every interval seconds until the user approved or denied at the verification URI,
or the code expired. authorization_pending and slow_down (the interval grows by 5 s, RFC 8628 §3.5) are shown
as they come; access_denied and expired_token end with exit code 1. Ctrl-C stops the polling (exit code 130).

  --base-url URL        the server; --token-path P (default /oauth/v2/token) and --device-authorization-path P
                        are under it (the device path under --issuer too), or full URLs
  --issuer URL          find the token_endpoint and device_authorization_endpoint by discovery (OIDC
                        Discovery, RFC 8414); --token-path P wins over the token_endpoint, said on stderr
                        device: the device authorization endpoint is --device-authorization-path, else the
                        metadata's (of --issuer or --base-url, RFC 8628 §4), else a preset's for the base URL,
                        else /oidc/device_authorization (the mock's); where each endpoint came from is said
  --token-url URL       the token endpoint as it is (client-credentials only)
  --client-auth AUTH    basic (RFC 6749 §2.3.1's Authorization: Basic), body (client_id and client_secret in
                        the form; the default), none (client_id only, a public client), client_secret_jwt or
                        private_key_jwt (a signed assertion, RFC 7523 §2.2, fresh for each request and shown
                        part by part), tls_client_auth or self_signed_tls_client_auth (RFC 8705 §2)
  --private-key FILE    private_key_jwt's key, PKCS#8 PEM or JWK; --key-id KID its kid (default: the JWK's)
  --signing-alg ALG     HS256/384/512 (client_secret_jwt), RS*, PS*, ES256/384/512 or EdDSA (private_key_jwt);
                        default HS256, or the key's own
  --assertion-aud A     token_endpoint (default) or issuer: the assertion's aud
  --client-cert FILE --client-key FILE
                        a client certificate and its key (PEM) on the TLS connection (RFC 8705 §2)
  --ca-file FILE        certificate authorities to trust besides the system's (PEM)
  --scope S             the scope asked for (space-separated)
  --resource URI        a resource indicator (RFC 8707), repeatable (client-credentials)
  --audience A          the API the token is for, as Auth0 and Okta name it (client-credentials)
  --dpop                a DPoP-bound token (RFC 9449): the token request (device: each poll) carries a proof,
                        shown claim by claim; a use_dpop_nonce answer is followed once with the server's nonce;
                        token_type DPoP and a JWT access token's cnf.jkt are checked
  --dpop-key FILE       the DPoP key, a private JWK or PKCS#8 PEM (default: a new key for this run, its
                        thumbprint on stderr); --dpop-alg ES256 (default), RS256, PS256 or EdDSA for a new key
  --dpop-mistake M      one mistake on purpose in the first proof (see oauth-lab call --help)
  --api-path P          the protected resource the app's bearer call asks (default /api/v2/me)
  --json                the token response as one JSON object on stdout
  --verbose             every raw response on stderr (secrets masked)
  --allow-self-signed   accept an HTTPS certificate no trusted authority signed
  --timeout S           seconds each request may take (default 30, at most 600)
  --no-history          do not record the exchanges in the history
  --store-dir DIR       the store whose history records the exchanges

${secretsHelp(['client-secret'])}`;
