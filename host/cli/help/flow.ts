/** `oauth-lab flow --help`: its own module, so printing it loads nothing the command runs with. */
import { TOKEN_ENDPOINT_GRANTS } from '../../../shared/flows/driver/registry';
import { PRESETS } from '../../../shared/presets';
import { FLOW_SECRETS, secretsHelp } from '../secret-flags';

export const FLOW_HELP = `Usage: oauth-lab flow oauth1 --base-url URL --consumer-key K --consumer-secret S [options]
       oauth-lab flow oauth2 --base-url URL --client-id I --client-secret S [--scope S] [--no-pkce] [options]
       oauth-lab flow oauth2 --issuer URL --client-id I --client-secret S --scope openid [options]
       oauth-lab flow oauth2 --preset github --client-id I --client-secret S
       oauth-lab flow client-credentials|device …   (no browser; see oauth-lab flow device --help)
       oauth-lab flow ${TOKEN_ENDPOINT_GRANTS.map((g) => g.spec.command).join('|')} …   (one token request; see oauth-lab flow GRANT --help)
       oauth-lab flow id-jag …   (an ID-JAG from the IdP, redeemed at the authorization server; see oauth-lab flow id-jag --help)

Runs a whole flow against a server and prints the tokens. Progress goes to stderr; the authorization URL is
printed on its own line there and opened in the system browser, and a loopback listener on 127.0.0.1 catches
the redirect (RFC 8252). The flags are the settings of a profile in the app, validated the same way.

  --preset NAME         start from a provider's documented settings: ${PRESETS.map((p) => p.id).join(', ')}
  --header "Name: value"  an extra header on every request (repeatable); without a User-Agent among them,
                        User-Agent: OAuth-Lab/<version> is sent
  --request-token-path P, --authorize-path P, --access-token-path P, --token-path P, --api-path P
                        endpoint paths, or full URLs for endpoints on another host; a query on an authorize
                        path is kept (the provider's own parameters)
  --callback-port N     port of the redirect catcher (default 0: any free port; real providers need the
                        registered one, e.g. 8765 for http://127.0.0.1:8765/callback)
  --callback-path P     path of the redirect URI (default /callback)
  --redirect-uri URI    send this redirect URI instead of the catcher's (an https URL, a fixed registered URL,
                        an eBay RuName); unless it is the catcher's loopback URL, paste the URL your browser
                        landed on into stdin
  --wait-timeout S      seconds to wait for the browser's redirect (default 300)
  --allow-self-signed   accept an HTTPS certificate no trusted authority signed (a warning, not a default)
  --ca-file FILE        trust the certificate authorities in this PEM file too (a private or self-signed CA)
  --timeout S           seconds each request may take in all (default 30, at most 600); Ctrl-C cancels a
                        request in flight, says which and exits with code 130
  --no-open             do not open a browser; open the printed URL yourself
  --headless            flow oauth2: no browser at all: fetch the authorization URL, follow no redirect and take
                        the code from its Location (for issuers that approve at once: the mock with
                        --auto-login, oauth-lab grade)
  --service             the server implements the service's interface: what it requires beyond the RFCs
                        (oauth_expires_in, token_type bearer, expires_in, scope, refresh_token) fails the flow
                        when missing; without it those are notes and the verdict follows the RFCs
  --verbose             print every raw response (secrets masked; a failure always prints the one that failed)
  --json                print one JSON object with the token response fields on stdout, as soon as the token
                        endpoint answers (before a later step can fail)
  --save PROFILE        store the tokens under the profile with this id or name in the app's store; when no
                        profile has it, one of that name is created from this flow's settings (said on
                        stderr). Without --json the credentials on stdout are then shortened (…last 4
                        characters); if the save fails they are printed whole and the exit code is 1
  --store-dir DIR       the store to save to and record in (default: the per-user config directory, as
                        oauth-lab web)
  --no-history          do not record the exchanges in the store's history (recorded by default, as the
                        app does, unless history is turned off in its settings)

OAuth 1.0a:
  --signature-method M  HMAC-SHA1 (default), HMAC-SHA256, HMAC-SHA512, RSA-SHA1, RSA-SHA256, RSA-SHA512, PLAINTEXT
  --private-key FILE    PEM (PKCS#8) private key for the RSA methods (OAuth 2: private_key_jwt's key)
  --placement P         header (default), query or body: where the protocol parameters go (RFC 5849 §3.5)
  --leg-method M        POST (default) or GET for the request token and access token legs
  --realm R             realm sent first in the Authorization header (never signed)
  --no-version          leave out oauth_version=1.0

OAuth 2:
  --client-auth A       body (default, client_secret in the body), basic (HTTP Basic), none (client_id only),
                        client_secret_jwt (an assertion signed with the secret, HS256), private_key_jwt (an
                        assertion signed with --private-key), tls_client_auth or self_signed_tls_client_auth (a
                        client certificate, below); the assertion (RFC 7523 §2.2) is signed afresh for each token,
                        refresh, revocation and introspection request and shown part by part
  --private-key FILE    private_key_jwt: the client's private key, PKCS#8 PEM or JWK (RSA, EC P-256/384/521,
                        Ed25519); never printed
  --key-id KID          the assertion's kid header (default: the JWK's kid, if any)
  --signing-alg ALG     the assertion's alg: HS256 (default), HS384, HS512 for client_secret_jwt; RS256 (default
                        for RSA), RS384, RS512, PS256, PS384, PS512, ES256, ES384, ES512, EdDSA for private_key_jwt
  --assertion-aud A     the assertion's aud: token_endpoint (default, the token endpoint's URL) or issuer
                        (--issuer, else the base URL), as the provider documents
  --client-cert FILE, --client-key FILE
                        mutual TLS (RFC 8705 §2): the client certificate and its key (PEM), presented on every
                        TLS connection; with --client-auth tls_client_auth (a certificate an authority signed)
                        or self_signed_tls_client_auth (one registered by its key) they authenticate the client,
                        which then sends only client_id; each leg prints the certificate's subject and SHA-256
                        thumbprint, and the proxy it went through, if any (HTTPS_PROXY may be an https:// URL)
  --token-body F        form (default, RFC 6749 §4.1.3) or json
  --token-param n=v     an extra parameter of the token request (repeatable)
  --access-token-field PATH  the token response's field that holds the access token, for a provider that
                        does not call it access_token: a name or a dotted path (AccessToken, token,
                        data.access_token); token_type, expires_in and refresh_token are read beside it
  --grant-type-in-authorize  also send grant_type=authorization_code on the authorization URL, as the
                        service's interface does (RFC 6749 §4.1.1 has none; off by default)
  --no-pkce             leave out PKCE (S256 by default)
  --issuer URL          OpenID Connect (--scope with openid): the issuer to discover and expect in the
                        id_token (default: the base URL; an http(s) URL without query or fragment); a
                        nonce is sent, the id_token validated step by step (OIDC Core §3.1.3.7) and
                        UserInfo called once it passed; a failed step fails the flow. The redirect's iss,
                        when sent, must equal it too (RFC 9207). Given, it is discovered first and its
                        document's endpoints are used (--authorize-path, --token-path, --jwks-uri win;
                        --base-url defaults to it), its authorization_response_iss_parameter_supported
                        turns --require-iss on, and a document naming another issuer stops the flow
                        before the authorization request (OIDC Discovery §4.3)
                        (a certificate client's token and UserInfo endpoints: the document's
                        mtls_endpoint_aliases, RFC 8705 §5)
  --require-iss         refuse a redirect without iss, as for a provider whose metadata advertises
                        authorization_response_iss_parameter_supported (RFC 9207 §3)
  --id-token-alg ALG    OpenID Connect: the id_token algorithm the client registered (default: any the
                        provider's discovery document lists)
  --bearer-as-issued    OpenID Connect: send an access token with characters outside RFC 6750's b64token
                        to UserInfo as the provider issued it (without it, UserInfo is left out with a
                        warning naming the character)
  --prompt VALUES       OpenID Connect: ask the provider for a fresh login (OIDC Core §3.1.2.1): login
                        (authenticate again, e.g. as another user), select_account, consent, or none (show
                        no page: login_required if the user would have to log in); several, comma-separated
                        (none stands alone). The browser keeps the provider's session, so without it the
                        same user is often logged in at once
  --max-age S           OpenID Connect: the oldest acceptable login at the provider, in seconds; the
                        id_token's auth_time is checked against it (OIDC Core §3.1.3.7 item 13)
  --jwks-uri URL        OpenID Connect: the JWKS that signs id_tokens, when discovery names none (or another)
  --lifecycle           after the exchange, refresh (the rotation shown), introspect (RFC 7662), revoke the
                        new refresh token (RFC 7009) and introspect again; the endpoints come from the flags
                        below or else the provider's metadata, and each is said with its source. The grant
                        ends revoked; the printed fields are the first response's. With openid, the
                        refreshed id_token is validated (same sub, OIDC Core §12.2) and UserInfo called
                        again. No refresh_token (optional): the lifecycle is left out, said so
  --revocation-endpoint URL, --introspection-endpoint URL
                        RFC 7009 and RFC 7662 endpoints (paths or full URLs), for a provider whose metadata
                        does not list them (both are optional in RFC 8414)
  --dpop                DPoP (RFC 9449): the token request carries a proof of a key (its parts printed with
                        their sections); a use_dpop_nonce answer is retried once with the DPoP-Nonce; the
                        response must have token_type DPoP, and a JWT access token's cnf.jkt the key's
                        thumbprint (printed); UserInfo and, with --lifecycle, the refresh carry proofs too.
                        The code is bound to the key (RFC 9449 §10): the authorization URL carries dpop_jkt,
                        its thumbprint; with --par the push carries a proof too (htm POST, htu the endpoint)
  --dpop-key FILE       the DPoP key: a private JWK (JSON) or a PKCS#8 PEM (default: a new key for this run;
                        keep the file to call with the token: oauth-lab call --dpop --dpop-key FILE)
  --dpop-alg A          ES256 (default), RS256, PS256 or EdDSA
  --dpop-mistake M      one mistake on purpose in the first proof after the push's (see oauth-lab call --help)
  --par                 push the authorization request first (RFC 9126): a POST to the provider's
                        pushed_authorization_request_endpoint (from its metadata) with the token leg's client
                        authentication, shown as its own leg; the browser's URL then carries only client_id
                        and request_uri. Pushed without it too when the issuer's metadata requires it
  --request-object      send the authorization request as a request object (RFC 9101): a JWT of its
                        parameters (aud the issuer), its parts printed; signed with the client's private key
                        (--private-key, its algorithm or --signing-alg's, its kid) whatever --client-auth,
                        else HS256 with the client secret; stderr says which. Refused before sending (exit 2)
                        when the issuer's request_object_signing_alg_values_supported does not list its
                        algorithm. By value in the URL, or pushed with --par

${secretsHelp(FLOW_SECRETS)}A required secret that none of these gave is asked for on the terminal (not shown as typed), and only
when stdin is a terminal; otherwise the flow stops naming the ways to give it.
`;
