/** `oauth-lab discover --help`: its own module, so printing it loads nothing the command runs with. */
export const DISCOVER_HELP = `Usage: oauth-lab discover ISSUER [--kind openid|oauth] [--json] [--allow-self-signed]

Fetches a provider's metadata from its issuer URL and checks it: ISSUER/.well-known/openid-configuration
(OpenID Connect Discovery 1.0), then, if there is none, /.well-known/oauth-authorization-server (RFC 8414).
It prints the document, the checks (issuer equal to the URL asked, required members, https unless loopback)
and the endpoints a profile takes from it. A document whose issuer is not exactly ISSUER is refused (OIDC
Discovery §4.3, RFC 8414 §3.3): no endpoints are taken from it, as \`flow --issuer\` takes none; a URL member
that fails its check is not taken either. Up to 5 redirects are followed (the same scheme, or http to https),
each shown on stderr; the document's issuer must still be the URL asked.

  --kind openid|oauth   fetch only the OpenID Connect document, or only the RFC 8414 one
  --json                one JSON object: url, kind, ok, refused, checks, endpoints, document, tried, redirects
  --allow-self-signed   accept an HTTPS certificate no trusted authority signed

Exit code 0 when every check passes, 1 when one fails or no document was found, 2 for bad flags.
`;
