import type { Profile } from '../../../shared/store/profile';
import { isLoopbackHost, parseHttpUrl } from '../../../shared/url';
import { parseFlags } from '../flags';
import type { FlowRunOptions } from '../flow/options';
import { profileFromFlags, whole } from '../flow/profile-flags';
import { FlowFailure, FlowReport } from '../flow/report';
import { MCP_HELP } from '../help/mcp';
import { UsageError, type Command } from '../io';
import { runMcpChain, type McpRunInput } from '../../../shared/flows/mcp/chain';
import { asFlowFailure, cliPorts } from '../mcp/cli-ports';
import { MCP_HISTORY_OWNER } from '../../../shared/flows/mcp/saved-server';
import { cliTokenKeeper } from '../mcp/saved-server-store';
import { cliHistory } from '../cli-history';
import { withSecrets } from '../secret-flags';
import {
  MCP_CLIENT_FLAGS,
  MCP_SECRETS,
  mcpClientOf,
  refuseFlowOnlyFlags,
  refuseStrayGrantFlags,
} from '../mcp/mcp-client-flags';
import { terminalSafe, terminalSafeLines } from '../terminal-text';
import { MCP_PROTOCOL_VERSIONS, type McpProtocolVersion } from '../../../shared/mcp/stateless-wire';

const FLAGS = {
  ...MCP_CLIENT_FLAGS,
  'protocol-version': { type: 'string' },
  scope: { type: 'string' },
  call: { type: 'string' },
  arguments: { type: 'string' },
  'callback-port': { type: 'string' },
  'callback-path': { type: 'string' },
  'redirect-uri': { type: 'string' },
  'wait-timeout': { type: 'string' },
  timeout: { type: 'string' },
  'allow-self-signed': { type: 'boolean' },
  'allow-insecure-http': { type: 'boolean' },
  'allow-private-targets': { type: 'boolean' },
  header: { type: 'string', multiple: true },
  'no-open': { type: 'boolean' },
  json: { type: 'boolean' },
  'no-save': { type: 'boolean' },
  'store-dir': { type: 'string' },
  'no-history': { type: 'boolean' },
  verbose: { type: 'boolean' },
} as const;

export const mcpCommand: Command = async (argv, io) => {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout.write(MCP_HELP);
    return 0;
  }
  const { url, flags } = splitUrl(argv);
  const parsed = parseFlags(flags, FLAGS, 'mcp');
  refuseStrayGrantFlags(parsed);
  refuseFlowOnlyFlags(parsed);
  const v = withSecrets(parsed, io.env, MCP_SECRETS);
  const { client, grant, senderAuth, send } = await mcpClientOf(v, io);
  const { input, profile } = runInput(url, v);
  const report = new FlowReport(io.stderr, !!v.verbose);
  const options: FlowRunOptions = {
    open: !v['no-open'],
    waitTimeoutMs: whole(v['wait-timeout'] ?? '300', '--wait-timeout', 1, 86400) * 1000,
    send: { allowSelfSigned: profile.allowSelfSigned, timeoutMs: profile.timeoutMs, env: io.env, ...send },
    stdin: io.stdin,
  };
  const history = v['no-history']
    ? null
    : cliHistory(v['store-dir'], MCP_HISTORY_OWNER, 'mcp', (problem) => report.line(`warn: ${problem}`));
  const ports = cliPorts(profile, options, report, history, senderAuth);
  // Saved by default, as an MCP client keeps its tokens per server: the next run uses (or refreshes) this one. Not
  // a token bound to a DPoP key made for this run: only that key's proofs carry it (RFC 9449 §7.1).
  const runKey = !!v.dpop && v['dpop-key'] === undefined;
  if (runKey && !v['no-save'])
    report.line(
      'The token is bound to a DPoP key made for this run: it is not saved (--dpop-key FILE keeps the key, and the token with it).'
    );
  const keeper = v['no-save'] || runKey ? null : cliTokenKeeper(url, v['store-dir'], report);
  let outcome;
  try {
    outcome = await runMcpChain({ ...input, client, grant, keeper }, ports);
  } catch (thrown) {
    const e = asFlowFailure(thrown);
    if (!(e instanceof FlowFailure)) throw e;
    io.stderr.write(`\noauth-lab mcp: failed at ${e.step}: ${terminalSafe(e.message)}\n`);
    if (e.response) {
      io.stderr.write('The response (secrets masked):\n');
      report.raw(e.response);
    }
    return 1;
  } finally {
    await ports.close();
  }
  const { authorized, protocolVersion: _spoken, ...answers } = outcome;
  if (v.json)
    io.stdout.write(
      `${JSON.stringify({ ...(answers.tools as object), ...('result' in answers ? { result: answers.result } : {}) })}\n`
    );
  else {
    const tools = (answers.tools as { tools?: unknown } | null)?.tools;
    for (const t of Array.isArray(tools) ? (tools as { name?: unknown; description?: unknown }[]) : [])
      io.stdout.write(
        `${terminalSafe(String(t.name))}${t.description ? `  ${terminalSafe(String(t.description))}` : ''}\n`
      );
    if ('result' in answers) io.stdout.write(`${terminalSafeLines(JSON.stringify(answers.result, null, 2))}\n`);
  }
  report.blank();
  if (!authorized) {
    report.line('The server answered without asking for a token: nothing was authorized.');
    return 1;
  }
  report.line('The MCP server answered with the access token.');
  return 0;
};

/** The server's URL is the one argument that is not a flag or a flag's value (the conformance suite puts it last). */
function splitUrl(argv: readonly string[]): { url: string; flags: string[] } {
  const flags: string[] = [];
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('-')) {
      positional.push(arg);
      continue;
    }
    flags.push(arg);
    const spec = FLAGS[arg.slice(2) as keyof typeof FLAGS] as { type: string } | undefined;
    if (spec?.type === 'string' && !arg.includes('=') && i + 1 < argv.length) flags.push(argv[++i]!);
  }
  if (positional.length !== 1)
    throw new UsageError(
      positional.length
        ? `expected one MCP server URL; got ${positional.map((p) => JSON.stringify(p)).join(', ')}.`
        : 'the MCP server URL is required, such as oauth-lab mcp https://mcp.example.com/mcp. Run "oauth-lab mcp --help".'
    );
  try {
    parseHttpUrl(positional[0]!, 'url');
  } catch (e) {
    throw new UsageError(`URL: ${(e as Error).message}`);
  }
  return { url: positional[0]!, flags };
}

/**
 * The chain's input but the client (mcp-client-flags.ts), and the profile that holds the catcher's settings
 * (--callback-port, --callback-path, --redirect-uri).
 */
function runInput(
  url: string,
  v: ReturnType<typeof parseFlags<typeof FLAGS>>
): { input: Omit<McpRunInput, 'client'>; profile: Profile } {
  if (v['client-id'] !== undefined && v['client-metadata-url'] !== undefined)
    throw new UsageError('--client-id and --client-metadata-url both name the client; give one.');
  const documentUrl = v['client-metadata-url'];
  if (documentUrl !== undefined && !isDocumentUrl(documentUrl))
    throw new UsageError(
      `--client-metadata-url must be an https URL with a path (or http on 127.0.0.1 or localhost, for a local test); got ${JSON.stringify(documentUrl)}.`
    );
  if (v.arguments !== undefined && v.call === undefined) throw new UsageError('--arguments goes with --call TOOL.');
  const version = v['protocol-version'];
  if (version !== undefined && !(MCP_PROTOCOL_VERSIONS as readonly string[]).includes(version))
    throw new UsageError(
      `--protocol-version must be ${MCP_PROTOCOL_VERSIONS.join(' or ')}; got ${JSON.stringify(version)}.`
    );
  const profile = profileFromFlags({
    'base-url': url,
    'callback-port': v['callback-port'],
    'callback-path': v['callback-path'],
    'redirect-uri': v['redirect-uri'],
    'allow-self-signed': v['allow-self-signed'],
    timeout: v.timeout,
    header: v.header,
  });
  const input = {
    url,
    headers: profile.headers,
    protocolVersion: (version as McpProtocolVersion | undefined) ?? null,
    scope: v.scope ?? null,
    call: v.call === undefined ? null : { name: v.call, arguments: toolArguments(v.arguments) },
    targets: { allowInsecureHttp: !!v['allow-insecure-http'], allowPrivateTargets: !!v['allow-private-targets'] },
  };
  return { input, profile };
}

function toolArguments(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`--arguments is not JSON (${(e as Error).message}); expected an object such as '{"a": 1}'.`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new UsageError(`--arguments must be a JSON object such as '{"a": 1}'; got ${text}.`);
  return value as Record<string, unknown>;
}

/** A client ID metadata document's URL: https with a path; http only on a loopback host, for local tests. */
function isDocumentUrl(text: string): boolean {
  try {
    const u = parseHttpUrl(text, 'url');
    return u.path.length > 1 && (u.scheme === 'https' || isLoopbackHost(u.host));
  } catch {
    return false;
  }
}
