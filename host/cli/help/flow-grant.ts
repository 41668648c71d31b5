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

/** How `flow jwt-bearer` builds its assertion when none is given (host/cli/flow/grant-assertion.ts). */
const ASSERTION_BUILT = `
  --private-key FILE --iss ISS [--sub SUB] [--aud AUD]
                        no assertion given: build it (RFC 7523 §3), signed now with the key (PEM or JWK;
                        --key-id, --signing-alg), iss ISS, sub SUB (default ISS), aud AUD (default the token
                        endpoint), a fresh jti, valid 60 s; its parts shown on stderr as a client assertion's
  --service-account FILE
                        no assertion given: build it from a Google service-account JSON key as it is: iss and
                        sub its client_email, kid its private_key_id, aud and the token endpoint its token_uri,
                        --scope as the assertion's scope claim (not a parameter), no client authentication`;

export function tokenEndpointGrantHelp(spec: TokenEndpointGrantSpec): string {
  const usage = spec.parameters.map(usageOf).join(' ');
  const rows = spec.parameters.map(rowOf);
  return `Usage: oauth-lab flow ${spec.command} ((--base-url URL | --issuer URL) [--token-path P] | --token-url URL) ${usage}
           [--client-id ID] [--client-auth AUTH] [--client-secret S] [--private-key FILE] [--signing-alg ALG]
           [--scope S] [--dpop [--dpop-key FILE]] [--json]

The ${spec.title} grant (${spec.definedBy}): one token request with grant_type ${spec.grantType} and its
parameters, the client authenticated as in flow client-credentials (--client-auth none: client_id only). No
browser, exit code 0 only with a token; the token response's fields on stdout (JSON with --json), progress and
the checks on stderr.

${rows.join('\n')}${spec.parameters.some((p) => p.name === 'assertion') ? ASSERTION_BUILT : ''}
  --base-url, --issuer, --token-url, --client-id, --client-auth, --private-key, --key-id, --signing-alg,
  --assertion-aud, --client-cert, --client-key, --ca-file, --scope, --dpop, --dpop-key, --dpop-alg,
  --dpop-mistake, --api-path, --json, --verbose, --allow-self-signed, --timeout, --no-history, --store-dir
                        as in oauth-lab flow client-credentials --help

${secretsHelp(['client-secret', ...spec.parameters.filter((p) => p.secret).map(parameterFlag)])}`;
}
