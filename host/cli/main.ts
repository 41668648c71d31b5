import { ProtocolError } from '../../shared/errors';
import { Interrupted } from '../interrupted';
import { INTERRUPTED_EXIT_CODE } from './interrupt';
import { UsageError, type CliIO, type CliStreams, type Command, type TextOutput } from './io';
import { terminalSafe, terminalSafeLines, terminalSafeOutput } from './terminal-text';

/**
 * Each command's help and its code are loaded only when it is named, and separately: `oauth-lab flow --help` reads
 * the help's module alone, so a start costs little more than Node's own.
 */
interface CommandEntry {
  readonly summary: string;
  readonly help: () => Promise<string>;
  readonly load: () => Promise<Command>;
}

const COMMANDS: Record<string, CommandEntry> = {
  mock: {
    summary: 'Start the mock OAuth 1.0a / OAuth 2 provider and print its base URL',
    help: async () => (await import('./help/mock')).MOCK_HELP,
    load: async () => (await import('./commands/mock')).mockCommand,
  },
  flow: {
    summary: 'Run a whole OAuth 1.0a or OAuth 2 flow against a base URL and print the tokens',
    help: async () => (await import('./help/flow')).FLOW_HELP,
    load: async () => (await import('./commands/flow')).flowCommand,
  },
  web: {
    summary: 'Open the app in your browser (browser mode) on 127.0.0.1',
    help: async () => (await import('./help/web')).WEB_HELP,
    load: async () => (await import('./commands/web')).webCommand,
  },
  sign: {
    summary: 'Sign one request (or JSON lines from stdin) and print the signature trace',
    help: async () => (await import('./help/sign')).SIGN_HELP,
    load: async () => (await import('./commands/sign')).signCommand,
  },
  call: {
    summary: "Send one request with a profile's saved tokens or given credentials (OAuth 1.0a signed or bearer)",
    help: async () => (await import('./help/call')).CALL_HELP,
    load: async () => (await import('./commands/call')).callCommand,
  },
  discover: {
    summary: "Fetch and check a provider's OpenID Connect / RFC 8414 metadata from its issuer URL",
    help: async () => (await import('./help/discover')).DISCOVER_HELP,
    load: async () => (await import('./commands/discover')).discoverCommand,
  },
  mcp: {
    summary:
      'Connect to an MCP server as a client: the whole authorization chain (RFC 9728, 8414, 7591, 8707), then its tools',
    help: async () => (await import('./help/mcp')).MCP_HELP,
    load: async () => (await import('./commands/mcp')).mcpCommand,
  },
  debug: {
    summary: 'Check the OAuth 1.0a signature of a request (raw HTTP, curl or fields) and name the mistake',
    help: async () => (await import('./help/debug')).DEBUG_HELP,
    load: async () => (await import('./commands/debug')).debugCommand,
  },
  explain: {
    summary: 'Read a HAR file, find its OAuth 2 / OpenID Connect legs and name the cause of each one that failed',
    help: async () => (await import('./help/explain')).EXPLAIN_HELP,
    load: async () => (await import('./commands/explain')).explainCommand,
  },
  grade: {
    summary: 'Grade an OAuth 2 / OpenID Connect client: a fresh issuer per scenario, verdicts from what it observed',
    help: async () => (await import('./help/grade')).GRADE_HELP,
    load: async () => (await import('./commands/grade')).gradeCommand,
  },
  audit: {
    summary: 'Audit an authorization server: its metadata, and with --active probes through your own client',
    help: async () => (await import('./help/audit')).AUDIT_HELP,
    load: async () => (await import('./commands/audit')).auditCommand,
  },
};

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return `Usage: oauth-lab <command> [flags]\n\nCommands:\n${lines.join('\n')}\n\nRun "oauth-lab <command> --help" for the flags of a command.\n`;
}

/**
 * Every write on its way out, escaped once (terminalSafeOutput): no command's output can drive the terminal. An
 * export alone goes out as it is (`io.data`): it is data for another program, made from the user's own flags.
 */
const escaping = (out: TextOutput): TextOutput => ({ write: (text: string) => out.write(terminalSafeOutput(text)) });

export async function main(argv: string[], streams: CliStreams): Promise<number> {
  const io: CliIO = {
    ...streams,
    stdout: escaping(streams.stdout),
    stderr: escaping(streams.stderr),
    data: streams.stdout,
  };
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(usage());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr.write(`oauth-lab: unknown command "${name}"; expected one of ${Object.keys(COMMANDS).join(', ')}.\n`);
    return 2;
  }
  if (rest[0] === '--help' || rest[0] === '-h') {
    io.stdout.write(await command.help());
    return 0;
  }
  try {
    return await (
      await command.load()
    )(rest, io);
  } catch (e) {
    if (e instanceof UsageError) {
      // Some usage errors list one problem per line (a config file's fields); other control characters are escaped.
      io.stderr.write(`oauth-lab ${name}: ${terminalSafeLines(e.message)}\n`);
      return 2;
    }
    if (e instanceof Interrupted) {
      io.stderr.write(`oauth-lab ${name}: ${terminalSafe(e.message)}\n`);
      return INTERRUPTED_EXIT_CODE;
    }
    if (e instanceof ProtocolError) {
      io.stderr.write(`oauth-lab ${name}: ${e.step}: ${terminalSafe(e.message)}\n`);
      return 1;
    }
    throw e;
  }
}
