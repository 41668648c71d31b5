import { readFile } from 'node:fs/promises';
import {
  ConfigError,
  defaultConfig,
  MockProvider,
  parseConfigText,
  type ProviderConfig,
} from '../../services/provider';
import { isLoopbackHost } from '../../services/provider/redirect-uri';
import { untilStopped, UsageError, type CliIO, type Command } from '../io';
import { MOCK_HELP } from '../help/mock';

interface Flags {
  port: number;
  host: string;
  config: string | null;
  autoLogin: string | null;
  help: boolean;
}

export function parseMockFlags(argv: readonly string[]): Flags {
  const flags: Flags = { port: 0, host: '127.0.0.1', config: null, autoLogin: null, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') {
      flags.help = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 && arg.startsWith('--') ? arg.slice(0, eq) : arg;
    const known = ['--port', '--host', '--config', '--auto-login'];
    if (!known.includes(name))
      throw new UsageError(`unknown flag ${JSON.stringify(arg)}; expected ${known.join(', ')} or --help.`);
    const value = eq > 0 && arg.startsWith('--') ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value === '') throw new UsageError(`${name} needs a value.`);
    if (name === '--port') {
      if (!/^[0-9]{1,5}$/.test(value) || Number(value) > 65535)
        throw new UsageError(
          `--port must be a whole number from 0 to 65535 (0 picks a free port); got ${JSON.stringify(value)}.`
        );
      flags.port = Number(value);
    } else if (name === '--host') flags.host = value;
    else if (name === '--config') flags.config = value;
    else flags.autoLogin = value;
  }
  return flags;
}

async function loadConfig(path: string | null): Promise<ProviderConfig> {
  if (path === null) return defaultConfig();
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(
      `--config ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory, expected a JSON file' : (e as Error).message}.`
    );
  }
  try {
    return parseConfigText(text, path);
  } catch (e) {
    if (e instanceof ConfigError) throw new UsageError(e.message);
    throw e;
  }
}

export const mockCommand: Command = async (argv: string[], io: CliIO) => {
  const flags = parseMockFlags(argv);
  if (flags.help) {
    io.stdout.write(MOCK_HELP);
    return 0;
  }
  const config = await loadConfig(flags.config);
  if (flags.autoLogin !== null && !config.users.some((u) => u.username === flags.autoLogin)) {
    throw new UsageError(
      `--auto-login ${JSON.stringify(flags.autoLogin)} is not a user of the configuration; users: ${config.users.map((u) => u.username).join(', ')}.`
    );
  }
  const provider = new MockProvider({ config, autoLoginUser: flags.autoLogin });
  try {
    await provider.start({ port: flags.port, host: flags.host });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      io.stderr.write(
        `oauth-lab mock: port ${flags.port} on ${flags.host} is already in use; choose another with --port, or --port 0 for a free one.\n`
      );
    else if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN')
      io.stderr.write(
        `oauth-lab mock: cannot listen on ${JSON.stringify(flags.host)}: it is not an address of this machine (use 127.0.0.1).\n`
      );
    else if (code === 'EACCES')
      io.stderr.write(
        `oauth-lab mock: not allowed to listen on port ${flags.port}; use a port above 1023 or --port 0.\n`
      );
    else io.stderr.write(`oauth-lab mock: cannot start: ${(e as Error).message}\n`);
    return 1;
  }
  if (!isLoopbackHost(flags.host.includes(':') && !flags.host.startsWith('[') ? `[${flags.host}]` : flags.host)) {
    io.stderr.write(
      `oauth-lab mock: warning: listening on ${flags.host}, not only on loopback; other machines may reach the mock.\n`
    );
  }
  io.stdout.write(`${provider.baseUrl}\n`);
  io.stderr.write(
    `oauth-lab mock: ready at ${provider.baseUrl}${flags.autoLogin ? ` (auto-login as ${flags.autoLogin})` : ''}; admin API at ${provider.baseUrl}/_mock/state; Ctrl-C stops.\n`
  );
  await untilStopped(io, 'mock');
  await provider.stop();
  return 0;
};
