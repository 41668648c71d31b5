/** `oauth-lab flow <grant> --help` of a token-endpoint grant, derived from its spec: printing it loads nothing else. */
import type { TokenEndpointGrantSpec } from '../../../shared/flows/driver/token-endpoint-grant';
import { secretsHelp } from '../secret-flags';

export function tokenEndpointGrantHelp(spec: TokenEndpointGrantSpec): string {
  const usage = spec.parameters.map((p) => (p.secret ? `--${p.name}-file FILE` : `--${p.name} V`)).join(' ');
  const rows = spec.parameters.map(
    (p) =>
      `  --${p.name}${p.secret ? `-file FILE` : ' V'}`.padEnd(24) + `${p.what}${p.secret ? ` (or --${p.name} V)` : ''}`
  );
  return `Usage: oauth-lab flow ${spec.command} (--base-url URL [--token-path P] | --issuer URL | --token-url URL) ${usage}
           [--client-id ID] [--client-auth AUTH] [--client-secret S] [--private-key FILE] [--signing-alg ALG]
           [--scope S] [--dpop [--dpop-key FILE]] [--json]

The ${spec.title} grant (${spec.definedBy}): one token request with grant_type ${spec.grantType} and its
parameters, the client authenticated as in flow client-credentials (--client-auth none: client_id only). No
browser, exit code 0 only with a token; the token response's fields on stdout (JSON with --json), progress and
the checks on stderr.

${rows.join('\n')}
  --base-url, --issuer, --token-url, --client-id, --client-auth, --private-key, --key-id, --signing-alg,
  --assertion-aud, --client-cert, --client-key, --ca-file, --scope, --dpop, --dpop-key, --dpop-alg,
  --dpop-mistake, --api-path, --json, --verbose, --allow-self-signed, --timeout, --no-history, --store-dir
                        as in oauth-lab flow client-credentials --help

${secretsHelp(['client-secret', ...spec.parameters.filter((p) => p.secret).map((p) => p.name)])}`;
}
