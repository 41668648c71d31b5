/** `oauth-lab mcp --help`: its own module, so printing it loads nothing the command runs with. */
import { secretsHelp } from '../secret-flags';

export const MCP_HELP = `Usage: oauth-lab mcp URL [--client-id ID | --client-metadata-url HTTPS-URL] [--client-secret S]
           [--client-auth AUTH] [--protocol-version V] [--scope S] [--call TOOL [--arguments JSON]] [--callback-port N]
           [--callback-path P] [--redirect-uri URI] [--no-open] [--json] [--no-save] [--store-dir DIR]
           [--no-history] [--allow-insecure-http] [--allow-private-targets]
           [--grant authorization-code|client-credentials|jwt-bearer|id-jag] [--assertion-file FILE]
           [--idp-token-endpoint URL --idp-client-id ID [--idp-client-secret-file F] --id-token-file FILE]
           [--private-key FILE] [--signing-alg ALG] [--assertion-aud token_endpoint|issuer]
           [--client-cert FILE --client-key FILE] [--dpop [--dpop-key FILE]]

Connects to an MCP server over streamable HTTP as a careful MCP client, revision 2026-07-28 or 2025-11-25:
server/discover (2026-07-28, the stateless wire: _meta on each request, Mcp-Method and Mcp-Name headers) or
initialize (2025-11-25), tools/list and, with --call, tools/call. When the server answers 401, every link of
the chain is shown and checked on stderr:
  the challenge (WWW-Authenticate: resource_metadata, scope, error, RFC 9110 §11.6.1);
  protected resource metadata (RFC 9728) from the challenge's URL, else the well-known URLs in order; its
    resource must be exactly the URL it was fetched for (RFC 9728 §3.3: URL; the origin only for the
    origin's document at the root well-known URL), and it must list authorization_servers;
  authorization server metadata (RFC 8414, OpenID Connect Discovery) at each well-known URL in the spec's
    order; the issuer must match, and PKCE S256 must be in code_challenge_methods_supported, or the run stops
    (for the authorization code grant: a --grant without a browser uses no PKCE);
  registration: a pre-registered --client-id as given; a client ID metadata document's URL (an https
    --client-id or --client-metadata-url) where the server sets client_id_metadata_document_supported;
    else dynamic client registration (RFC 7591), sending application_type native (loopback redirect);
    a client is kept per authorization server's issuer: when the resource's metadata names another
    authorization server, the client registers there anew and never uses the other one's credentials;
  the authorization code flow with PKCE S256 and resource (RFC 8707); the authorization URL is printed on
    its own line and opened in the browser, the redirect caught on 127.0.0.1 (RFC 8252); the redirect's
    iss must be the issuer (RFC 9207) before the code is redeemed (required when the metadata says so);
  the request sent again with the token. A 403 with error="insufficient_scope" leads to a step-up
    authorization with the wider scope, at most 3 authorizations in a run.
Without protected resource metadata, the 2025-03-26 way: the server's origin as authorization server.
Every URL the server chooses (the challenge's resource_metadata, authorization_servers, the endpoints) is
shown with where it came from; an authorization server's URLs must be https (http on loopback accepted),
and none may reach a loopback, private or link-local address other than URL's origin.
The token is saved per server, under a profile named "MCP URL" in the app's store (the desktop app and
oauth-lab web see it): the next run uses it without authorizing; past its expiry, or refused with a 401, it
is refreshed (RFC 6749 §6, with its resource); only a refused refresh leads to a new authorization.

  --client-id ID        a pre-registered client (an https URL: a client ID metadata document's URL)
  --client-metadata-url HTTPS-URL
                        the URL of this client's metadata document, used as client_id where supported
                        (http only on 127.0.0.1 or localhost, for a local test)
  --client-secret S     the pre-registered client's secret
  --client-auth AUTH    none, body (client_secret_post), basic (client_secret_basic), client_secret_jwt,
                        private_key_jwt, tls_client_auth or self_signed_tls_client_auth; by default the
                        registration's method, else the first the server lists; all but a secret's need
                        --client-id
  --private-key FILE    private_key_jwt: the client's private key (PEM or JWK); --key-id KID its kid
  --signing-alg ALG     the client assertion's alg (default: the key's, HS256 for client_secret_jwt)
  --assertion-aud token_endpoint|issuer
                        the client assertion's aud (default token_endpoint; the MCP conformance suite
                        accepts only the authorization server's issuer)
  --client-cert FILE, --client-key FILE
                        tls_client_auth, self_signed_tls_client_auth: the client certificate and its key
                        (PEM, RFC 8705); --ca-file FILE trusts another authority
                        the token is asked for at the metadata's mtls_endpoint_aliases (RFC 8705 §5)
                        for these methods, or for another where the server binds tokens to it (§3)
  --dpop                DPoP (RFC 9449): a proof on each token request and on each MCP request with the
                        token (DPoP scheme, ath); a use_dpop_nonce answer is sent again with the server's
                        nonce, at the authorization server (§8) and at the MCP server (§9)
  --dpop-key FILE       the DPoP key (private JWK or PKCS#8 PEM; default a new one, --dpop-alg ALG)
                        (--dpop-mistake is refused here: a planted DPoP mistake is oauth-lab flow's)
  --grant G             authorization-code (default, in the browser); client-credentials (RFC 6749 §4.4),
                        jwt-bearer (RFC 7523 §2.1) or id-jag: no browser, a pre-registered --client-id, the
                        MCP server's resource (RFC 8707) on the token request; id-jag (enterprise-managed
                        authorization): the user's id_token exchanged at the IdP for an ID-JAG (RFC 8693:
                        requested_token_type id-jag, audience the authorization server's issuer, resource
                        the MCP server), checked (typ, aud), then redeemed by the JWT bearer grant
  --assertion-file FILE the workload's JWT for --grant jwt-bearer (or OAUTH_LAB_ASSERTION)
  --idp-token-endpoint URL, --idp-client-id ID
                        --grant id-jag: the IdP's token endpoint and the client there (Basic with
                        --idp-client-secret-file F or OAUTH_LAB_IDP_CLIENT_SECRET, else none); the
                        endpoint must be https (http on loopback accepted; --allow-insecure-http lifts it)
  --id-token-file FILE  --grant id-jag: the user's id_token from the IdP (or OAUTH_LAB_ID_TOKEN)
  --protocol-version V  2026-07-28 or 2025-11-25; by default the newest the server speaks (server/discover
                        first, initialize when the server does not answer it with 2026-07-28), said on stderr
  --scope S             the scope to ask for; by default the challenge's scope, else the protected
                        resource's scopes_supported, else none
  --call TOOL           call this tool after listing the tools
  --arguments JSON      the tool's arguments, a JSON object (default {})
  --callback-port N, --callback-path P, --redirect-uri URI
                        the redirect catcher, as for oauth-lab flow
  --wait-timeout S      seconds to wait for the browser's redirect (default 300)
  --timeout S           seconds each request may take (default 30)
  --allow-self-signed   accept an HTTPS certificate no trusted authority signed
  --allow-insecure-http use an authorization server on plain http off loopback (refused by default: the MCP
                        specification requires https); its client secret, code, verifier and tokens then
                        travel in cleartext, readable and changeable on the network path; the same for
                        --idp-token-endpoint (the id_token and the IdP client's secret)
  --allow-private-targets
                        let the server send this client to a loopback, private or link-local address other
                        than URL's origin (refused by default: a hostile server could reach your own
                        machine or network); for a local setup you trust
  --header "Name: value"  an extra header on every request (repeatable)
  --no-open             do not open a browser; open the printed URL yourself
  --json                stdout: {"tools": [...]} (the tools/list result) and "result" (the tool's answer)
  --no-save             neither use a saved token nor save the one obtained
  --store-dir DIR       the store to save to and record in (default: the per-user config directory, as
                        oauth-lab web); its keepHistory setting off keeps no history
  --no-history          do not record the exchanges in the history
  --verbose             print each response in full on stderr (secrets masked)

${secretsHelp(['client-secret', 'assertion', 'idp-client-secret', 'id-token'])}
Stdout: one line per tool (name, then its description), then the tool's answer with --call.
Exit code 0 only when the server answered with the token; 1 when a link of the chain fails or the server
never asked for one; 2 for bad flags.
`;
