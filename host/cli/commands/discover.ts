import { DISCOVERY_KINDS, validateIssuer, type DiscoveryKind } from '../../../shared/oidc';
import { discover } from '../../oidc/discover';
import { parseFlags } from '../flags';
import { UsageError, type Command } from '../io';
import { checkLines, redirectLines } from '../oidc-report';
import { terminalSafe, terminalSafeLines } from '../terminal-text';
import { DISCOVER_HELP } from '../help/discover';

const KIND: Record<string, DiscoveryKind> = { openid: 'openid-configuration', oauth: 'oauth-authorization-server' };

export const discoverCommand: Command = async (argv, io) => {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout.write(DISCOVER_HELP);
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
      `${JSON.stringify({ url: result.url, kind: result.kind, ok: result.ok, refused: result.refused, checks: result.checks, endpoints: result.endpoints, document: result.document, tried: result.tried, redirects: result.redirects })}\n`
    );
    return result.ok ? 0 : 1;
  }
  for (const t of result.tried) io.stdout.write(`(not found) ${terminalSafe(t)}\n`);
  if (result.document !== null) {
    io.stdout.write(
      `${result.kind === 'openid-configuration' ? 'OpenID Connect Discovery 1.0' : 'RFC 8414 authorization server metadata'}: ${terminalSafe(result.url)}\n`
    );
    io.stdout.write(`${terminalSafeLines(JSON.stringify(result.document, null, 2))}\n`);
  }
  io.stdout.write(`\nChecks:\n${checkLines(result.checks).join('\n')}\n`);
  if (result.refused) io.stdout.write(`\n${terminalSafe(result.refused)} No endpoint is taken from it.\n`);
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
