import { ACTIVE_PROBES_WARNING } from '../../../shared/audit/active-warning';

/** `oauth-lab audit --help`: its own module, so printing it loads nothing the command runs with. */
export const AUDIT_HELP = `Usage: oauth-lab audit ISSUER [--client-id ID [--client-secret-file F | --client-auth ...] --redirect-uri URI]
                       [--register] [--active] [--user NAME --password-file F | --auto-login]
                       [--only ID]... [--json] [--report OUT.html] [--sarif OUT.sarif]

Audits an authorization server: what is wrong with it, each finding with its severity, its RFC section, its
evidence and a copy-paste reproduction (docs/audit.md lists every finding).

Without --active it only reads: the metadata (OpenID Connect Discovery, then RFC 8414), the JWK Set it
names, and the protected resource metadata (RFC 9728) of the resources it lists in protected_resources or
--resource gives. With --active it also runs probes, each a small flow whose answer decides one finding, through a client
you own: the one given (--client-id), or one it registers by RFC 7591 (--register) where registration is open.
${ACTIVE_PROBES_WARNING}

What it sends: only to the issuer's host (an endpoint on another host is not probed: that finding is skipped),
and at most --max-requests requests in all (default 60); the authorization responses are read from the
redirect's Location, so nothing reaches the redirect URI (code-long-lived moves the clock of an OAuth Lab mock
on loopback, and is skipped elsewhere). A probe that needs a user's login runs against an issuer that approves
at once (--auto-login; its own redirects are followed with its cookies), logs in on a form it recognises (--user,
--password-file: the mock's), or is skipped with the reason.

  --client-id ID          the client the probes use
  --client-secret S       its secret (prefer --client-secret-file F or OAUTH_LAB_CLIENT_SECRET)
  --client-auth A         basic (HTTP Basic, the default with a secret) or body (client_secret in the body),
                          or none (a public client: no secret)
  --redirect-uri URI      the client's registered redirect URI (default http://127.0.0.1:8765/callback)
  --register              register a client by RFC 7591 at the metadata's registration_endpoint (for the
                          probes when no --client-id is given, and one more each for code-other-client and
                          dcr-insecure-redirect-accepted, which run only with it)
  --active                run the probes (without it: read only)
  --user NAME             log in as NAME on a login form the audit recognises (the mock's own)
  --password-file F       that user's password, the file's first line
  --auto-login            the issuer approves at once (the mock with --auto-login): no login needed
  --only ID               run and report only this finding; repeat for more
  --resource URL          a protected resource whose metadata to read too (its 401 challenge's
                          resource_metadata, else its well-known URL); repeat for more
  --max-requests N        send at most N requests in all (default 60)
  --json                  one JSON object: {"issuer", "findings": [{"id", "severity": "high"|"medium"|"low"|
                          "info", "status": "found"|"not-found"|"skipped", "section", "evidence": [...],
                          "explain": cause id or null}], "probes": N}
  --report OUT.html       also write the audit as a page (as explain --report: every secret a fingerprint)
  --sarif OUT.sarif       also write the audit as SARIF 2.1.0, for code-scanning dashboards
  --allow-self-signed     accept an HTTPS certificate no trusted authority signed

Exit code 0 when no high or medium finding is found, 1 when one is, 2 when the issuer cannot be read or for
bad flags.
`;
