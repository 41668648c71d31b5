import { DISCOVERY_KINDS, validateIssuer, type DiscoveryKind } from '../../../shared/oidc';
import { discover } from '../../services/oidc/validate';
import { parseFlags } from '../flags';
import { UsageError, type Command } from '../io';
import { checkLines, redirectLines } from '../oidc-report';
import { terminalSafe, terminalSafeLines } from '../terminal-text';

const HELP = `Usage: oauth-lab discover ISSUER [--kind openid|oauth] [--json] [--allow-self-signed]

Fetches a provider's metadata from its issuer URL and checks it: ISSUER/.well-known/openid-configuration
(OpenID Connect Discovery 1.0), then, if there is none, /.well-known/oauth-authorization-server (RFC 8414).
It prints the document, the checks (issuer equal to the URL asked, required members, https unless loopback)
and the endpoints a profile takes from it. Up to 5 redirects are followed (the same scheme, or http to https),
each shown on stderr; the document's issuer must still be the URL asked.

  --kind openid|oauth   fetch only the OpenID Connect document, or only the RFC 8414 one
  --json                one JSON object: url, kind, ok, checks, endpoints, document, tried, redirects
  --allow-self-signed   accept an HTTPS certificate no trusted authority signed

Exit code 0 when every check passes, 1 when one fails or no document was found, 2 for bad flags.
`;

const KIND: Record<string, DiscoveryKind> = { openid: 'openid-configuration', oauth: 'oauth-authorization-server' };

export const discoverCommand: Command = async (argv, io) => {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout.write(HELP);
    return 0;
  }
  const [issuer, ...rest] = argv;
  if (issuer === undefined || issuer.startsWith('-'))
    throw new UsageError(
      'the issuer URL comes first, such as oauth-lab discover https://accounts.example.com --json. Run "oauth-lab discover --help".'
    );
  const v = parseFlags(rest, FLAGS, 'discover');
  try {
    validateIssuer(issuer);
  } catch (e) {
    throw new UsageError(`ISSUER: ${(e as Error).message}`);
  }
  const kind = v.kind === undefined ? null : KIND[v.kind];
  if (kind === undefined) throw new UsageError(`--kind must be openid or oauth; got ${JSON.stringify(v.kind)}.`);
  const result = await discover(issuer, kind ? [kind] : DISCOVERY_KINDS, {
    allowSelfSigned: !!v['allow-self-signed'],
    env: io.env,
  });
  for (const l of redirectLines(result.redirects)) io.stderr.write(`${l}\n`);
  if (v.json) {
    io.stdout.write(
      `${JSON.stringify({ url: result.url, kind: result.kind, ok: result.ok, checks: result.checks, endpoints: result.endpoints, document: result.document, tried: result.tried, redirects: result.redirects })}\n`
    );
    return result.ok ? 0 : 1;
  }
  for (const t of result.tried) io.stdout.write(`(not found) ${terminalSafe(t)}\n`);
  if (result.document !== null) {
    io.stdout.write(
      `${result.kind === 'openid-configuration' ? 'OpenID Connect Discovery 1.0' : 'RFC 8414 authorization server metadata'}: ${result.url}\n`
    );
    io.stdout.write(`${terminalSafeLines(JSON.stringify(result.document, null, 2))}\n`);
  }
  io.stdout.write(`\nChecks:\n${checkLines(result.checks).join('\n')}\n`);
  const e = result.endpoints;
  if (e) {
    const rows: [string, string | null][] = [
      ['issuer', e.issuer],
      ['authorization', e.authorization],
      ['token', e.token],
      ['userinfo', e.userinfo],
      ['jwks', e.jwks],
      ['revocation', e.revocation],
      ['introspection', e.introspection],
    ];
    io.stdout.write(
      `\nEndpoints for a profile:\n${rows.map(([n, u]) => `   ${n.padEnd(13)} ${u === null ? '(none)' : terminalSafe(u)}`).join('\n')}\n`
    );
  }
  return result.ok ? 0 : 1;
};

const FLAGS = {
  kind: { type: 'string' },
  json: { type: 'boolean' },
  'allow-self-signed': { type: 'boolean' },
} as const;
