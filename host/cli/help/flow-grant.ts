/** `oauth-lab flow <grant> --help` of a token-endpoint grant, derived from its spec: printing it loads nothing else. */
import {
  parameterFlag,
  type GrantParameter,
  type TokenEndpointGrantSpec,
} from '../../../shared/flows/driver/token-endpoint-grant';
import { secretsHelp } from '../secret-flags';

/** A parameter in the usage line: `--x-file FILE`, `--x V`, bracketed when optional, `...` when it repeats. */
function usageOf(p: GrantParameter): string {
  const flag = `--${parameterFlag(p)}${p.secret ? '-file FILE' : ' V'}${p.repeatable ? ' ...' : ''}`;
  return p.optional || p.requiredWith ? `[${flag}]` : flag;
}

/** A parameter's row: its flag and what it is, when it is needed, whether it repeats. */
function rowOf(p: GrantParameter): string {
  const flag = parameterFlag(p);
  const when = p.requiredWith
    ? `; required with --${parameterFlag({ name: p.requiredWith })}`
    : p.optional
      ? '; optional'
      : '';
  const also = p.secret ? ` (or --${flag} V)` : p.repeatable ? ' (repeat for more)' : '';
  return `  --${flag}${p.secret ? '-file FILE' : ' V'}`.padEnd(24) + `${p.what}${when}${also}`;
}

export function tokenEndpointGrantHelp(spec: TokenEndpointGrantSpec): string {
  const usage = spec.parameters.map(usageOf).join(' ');
  const rows = spec.parameters.map(rowOf);
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

${secretsHelp(['client-secret', ...spec.parameters.filter((p) => p.secret).map(parameterFlag)])}`;
}
