/** `oauth-lab flow id-jag --help`: printing it loads nothing else. */
import { secretsHelp } from '../secret-flags';

export const ID_JAG_FLOW_HELP = `Usage: oauth-lab flow id-jag --idp-token-endpoint URL --idp-client-id ID
           [--idp-client-secret-file F] --id-token-file FILE
           ((--issuer URL | --base-url URL) [--token-path P] | --token-url URL --audience ISSUER)
           --client-id ID [--client-auth AUTH] [--client-secret S] [--private-key FILE] [--signing-alg ALG]
           [--resource URI] [--scope S] [--dpop [--dpop-key FILE]] [--json]

The identity assertion JWT authorization grant (ID-JAG, draft-ietf-oauth-identity-assertion-authz-grant), two
requests, each traced on stderr:
  1. at the enterprise IdP, a token exchange (RFC 8693 §2.1) of the user's id_token for an ID-JAG: requested_token_type
     urn:ietf:params:oauth:token-type:id-jag, audience the resource's authorization server, resource, scope. The
     ID-JAG is checked before it goes further: issued_token_type id-jag, typ oauth-id-jag+jwt, aud that server;
  2. at the resource's authorization server, its redemption by the JWT bearer grant (RFC 7523 §2.1), the client
     authenticated as in flow client-credentials.
Exit code 0 only with the access token; its fields on stdout (JSON with --json).

  --idp-token-endpoint URL  the IdP's token endpoint
  --idp-client-id ID        the client at the IdP; with --idp-client-secret-file F it authenticates with
                            Basic (RFC 6749 §2.3.1), without it sends only its id
  --id-token-file FILE      the id_token the IdP issued at single sign-on (the exchange's subject_token)
  --issuer URL              the resource's authorization server: the ID-JAG's audience, its token endpoint by
                            discovery (--token-path P wins); or --base-url URL (also the audience) with
                            --token-path P; or --token-url URL with --audience ISSUER
  --resource URI            the resource (RFC 8707) the ID-JAG and the token are for
  --client-id, --client-auth, --client-secret, --private-key, --key-id, --signing-alg, --assertion-aud,
  --client-cert, --client-key, --ca-file, --scope, --dpop, --dpop-key, --dpop-alg, --dpop-mistake, --api-path,
  --json, --verbose, --allow-self-signed, --timeout, --no-history, --store-dir
                            the client at the resource's authorization server, as in oauth-lab flow
                            client-credentials --help

${secretsHelp(['client-secret', 'idp-client-secret', 'id-token'])}`;
