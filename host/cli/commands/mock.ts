import { readFile } from 'node:fs/promises';
import { ConfigError, defaultConfig, MockProvider, parseConfigText, type ProviderConfig } from '../../../mock-provider';
import { isLoopbackHost } from '../../../shared/url';
import {
  issueClientCertificateFiles,
  loadMockTls,
  type IssuedClientCertificate,
} from '../../../mock-provider/mtls/ca-store';
import { perUserStoreDirectory } from '../../store/file-backend';
import { untilStopped, UsageError, type CliIO, type Command } from '../io';
import { MOCK_HELP } from '../help/mock';

interface Flags {
  port: number;
  tlsPort: number;
  host: string;
  config: string | null;
  autoLogin: string | null;
  storeDir: string | null;
  issueClientCert: string | null;
  help: boolean;
}

const portNumber = (name: string, value: string): number => {
  if (!/^[0-9]{1,5}$/.test(value) || Number(value) > 65535)
    throw new UsageError(
      `${name} must be a whole number from 0 to 65535 (0 picks a free port); got ${JSON.stringify(value)}.`
    );
  return Number(value);
};

export function parseMockFlags(argv: readonly string[]): Flags {
  const flags: Flags = {
    port: 0,
    tlsPort: 0,
    host: '127.0.0.1',
    config: null,
    autoLogin: null,
    storeDir: null,
    issueClientCert: null,
    help: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') {
      flags.help = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 && arg.startsWith('--') ? arg.slice(0, eq) : arg;
    const known = ['--port', '--tls-port', '--host', '--config', '--auto-login', '--store-dir', '--issue-client-cert'];
    if (!known.includes(name))
      throw new UsageError(`unknown flag ${JSON.stringify(arg)}; expected ${known.join(', ')} or --help.`);
    const value = eq > 0 && arg.startsWith('--') ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value === '') throw new UsageError(`${name} needs a value.`);
    if (name === '--port') flags.port = portNumber(name, value);
    else if (name === '--tls-port') flags.tlsPort = portNumber(name, value);
    else if (name === '--host') flags.host = value;
    else if (name === '--config') flags.config = value;
    else if (name === '--store-dir') flags.storeDir = value;
    else if (name === '--issue-client-cert') flags.issueClientCert = value;
    else flags.autoLogin = value;
  }
  return flags;
}

/** `--issue-client-cert NAME`: a client certificate from the local CA, written beside it; prints where, and exits. */
function issueClientCert(io: CliIO, storeDir: string, name: string): number {
  let issued: IssuedClientCertificate;
  try {
    issued = issueClientCertificateFiles(storeDir, name);
  } catch (e) {
    throw new UsageError(`--issue-client-cert: ${(e as Error).message}`);
  }
  io.stdout.write(
    `certificate: ${issued.certificatePath}\nkey: ${issued.keyPath}\n` +
      `tls_client_auth_subject_dn: ${issued.subjectDn}\nx5t#S256: ${issued.thumbprint}\n`
  );
  return 0;
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
  const storeDir = flags.storeDir ?? perUserStoreDirectory();
  if (storeDir === undefined) throw new UsageError('the per-user config directory is unknown; pass --store-dir DIR.');
  if (flags.issueClientCert !== null) return issueClientCert(io, storeDir, flags.issueClientCert);
  const config = await loadConfig(flags.config);
  if (flags.autoLogin !== null && !config.users.some((u) => u.username === flags.autoLogin)) {
    throw new UsageError(
      `--auto-login ${JSON.stringify(flags.autoLogin)} is not a user of the configuration; users: ${config.users.map((u) => u.username).join(', ')}.`
    );
  }
  let ca: ReturnType<typeof loadMockTls>;
  try {
    ca = loadMockTls(storeDir);
  } catch (e) {
    io.stderr.write(`oauth-lab mock: cannot read or create the local CA in ${storeDir}: ${(e as Error).message}\n`);
    return 1;
  }
  const provider = new MockProvider({ config, autoLoginUser: flags.autoLogin, tls: { ca: ca.ca, server: ca.server } });
  try {
    await provider.start({ port: flags.port, host: flags.host, tlsPort: flags.tlsPort });
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
    `oauth-lab mock: ready at ${provider.baseUrl}${flags.autoLogin ? ` (auto-login as ${flags.autoLogin})` : ''}; admin API at ${provider.baseUrl}/_mock/state; Ctrl-C stops.\n` +
      `oauth-lab mock: mutual TLS (RFC 8705) at ${provider.mtlsBaseUrl}; local CA certificate ${ca.certificatePath}\n`
  );
  await untilStopped(io, 'mock');
  await provider.stop();
  return 0;
};
