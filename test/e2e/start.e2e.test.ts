import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openApp } from '../../scripts/open-app';
import { storedZip } from '../support/stored-zip';

/**
 * `npm start`'s way to Electron, for real: Electron's own installer (a copy of the electron package, so the real
 * node_modules is never touched) downloads from a mirror on 127.0.0.1 a zip whose "electron" is a shell script
 * recording how it was started; and when the mirror refuses, answers 404, serves a bad checksum or never answers,
 * the app opens in browser mode with a one-line reason.
 */
const ROOT = join(__dirname, '../..');
const REAL = join(ROOT, 'node_modules');
const VERSION = (JSON.parse(readFileSync(join(REAL, 'electron/package.json'), 'utf8')) as { version: string }).version;
const ZIP_NAME = `electron-v${VERSION}-${process.platform}-${process.arch}.zip`;
const STAND_IN = '#!/bin/sh\n{ for a in "$@"; do echo "arg $a"; done; echo "cwd $(pwd)"; } > "$STAND_IN_RECORD"\n';
const ZIP = storedZip([{ name: 'electron', data: Buffer.from(STAND_IN), mode: 0o755 }]);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

type MirrorMode = 'serve' | 'missing' | 'bad-checksum' | 'hang';

let dir = '';
let electronDir = '';
let servers: Server[] = [];
let requests: string[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'oauth-lab-start-'));
  electronDir = join(dir, 'node_modules/electron');
  cpSync(join(REAL, 'electron'), electronDir, {
    recursive: true,
    filter: (source) => !/[\\/](dist|path\.txt)$/.test(source),
  });
  for (const scope of ['@electron', '@electron-internal'])
    symlinkSync(join(REAL, scope), join(dir, 'node_modules', scope));
  requests = [];
});

afterEach(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
  servers = [];
  rmSync(dir, { recursive: true, force: true });
});

async function mirror(mode: MirrorMode): Promise<string> {
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (mode === 'hang') return;
    const sums = `${mode === 'bad-checksum' ? sha256(Buffer.from('something else')) : sha256(ZIP)} *${ZIP_NAME}\n`;
    const body =
      mode === 'missing'
        ? null
        : req.url === `/v${VERSION}/${ZIP_NAME}`
          ? ZIP
          : req.url === `/v${VERSION}/SHASUMS256.txt`
            ? Buffer.from(sums)
            : null;
    res.writeHead(body ? 200 : 404, { 'Content-Length': body?.length ?? 0 }).end(body);
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

/** Electron's settings from this machine (npm config, a proxy) would steer the installer away from the test mirror. */
function env(mirrorUrl: string): NodeJS.ProcessEnv {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/electron|proxy/i.test(name)));
  return {
    ...clean,
    ELECTRON_MIRROR: mirrorUrl,
    electron_config_cache: join(dir, 'cache'),
    electron_use_remote_checksums: '1',
    STAND_IN_RECORD: join(dir, 'record.txt'),
  };
}

async function start(
  mirrorUrl: string,
  stallSeconds?: number,
  extraEnv: NodeJS.ProcessEnv = {},
  electronPackage: string | null = electronDir
) {
  const lines: string[] = [];
  const child = await openApp({
    root: ROOT,
    electronDir: electronPackage,
    env: { ...env(mirrorUrl), ...extraEnv },
    webArgs: ['--no-open', '--port', '0', '--store-dir', join(dir, 'store')],
    stdio: ['ignore', 'pipe', 'pipe'],
    log: (line) => lines.push(line),
    ...(stallSeconds ? { stallSeconds } : {}),
  });
  return { child, lines };
}

describe.skipIf(process.platform === 'win32')('npm start', () => {
  it('fetches Electron through its installer from the mirror, then starts it on the app', async () => {
    const realBefore = readdirSync(join(REAL, 'electron')).sort();
    const { child, lines } = await start(await mirror('serve'));
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(lines[0]).toContain(
      `Fetching Electron ${VERSION} for ${process.platform}-${process.arch} from the mirror http://127.0.0.1:`
    );
    expect(lines.join('\n')).not.toContain('could not be fetched');
    expect(requests).toEqual([`/v${VERSION}/${ZIP_NAME}`, `/v${VERSION}/SHASUMS256.txt`]);
    expect(readFileSync(join(dir, 'record.txt'), 'utf8')).toBe(`arg ${ROOT}\ncwd ${process.cwd()}\n`);
    expect(readFileSync(join(electronDir, 'path.txt'), 'utf8')).toBe('electron');
    expect(readdirSync(join(dir, 'cache'), { recursive: true }).some((f) => String(f).endsWith(ZIP_NAME))).toBe(true);
    expect(readdirSync(join(REAL, 'electron')).sort()).toEqual(realBefore);

    // The next start finds the binary and fetches nothing.
    rmSync(join(dir, 'record.txt'));
    const again = await start(await mirror('missing'));
    await once(again.child, 'exit');
    expect(again.lines).toEqual([]);
    expect(existsSync(join(dir, 'record.txt'))).toBe(true);
  });

  const fallbacks: [string, () => Promise<string>, RegExp, number?][] = [
    [
      'answers 404',
      () => mirror('missing'),
      new RegExp(
        `the server answered 404 Not Found for http://127\\.0\\.0\\.1:\\d+/v${VERSION.replace(/\./g, '\\.')}/${ZIP_NAME.replace(/\./g, '\\.')}\\.`
      ),
    ],
    ['refuses the connection', refusingPort, /connection refused by 127\.0\.0\.1:\d+\./],
    [
      'serves a checksum that does not match',
      () => mirror('bad-checksum'),
      new RegExp(`the checksum of ${ZIP_NAME.replace(/\./g, '\\.')} did not match`),
    ],
    [
      'never answers',
      () => mirror('hang'),
      /nothing arrived from the mirror http:\/\/127\.0\.0\.1:\d+\/ for 2 s \(offline/,
      2,
    ],
  ];
  it.each(fallbacks)(
    'opens browser mode with the reason in one line when the mirror %s',
    async (_name, serve, reason, stallSeconds) => {
      await expectFallback(await start(await serve(), stallSeconds), reason);
    }
  );

  it('opens browser mode with the reason in one line when the proxy asks for credentials', async () => {
    // The mirror's name is never resolved here: with a proxy, the proxy would.
    await expectFallback(
      await start('http://electron-mirror.invalid/', undefined, await proxyAskingForCredentials()),
      /the proxy refused the connection \(HTTP 407\)\./
    );
  });

  it('opens browser mode with the reason in one line when the electron package is not installed', async () => {
    await expectFallback(
      await start(await mirror('serve'), undefined, {}, null),
      /the electron package is not installed \(run npm install\)\./
    );
    expect(requests).toEqual([]);
  });

  async function expectFallback({ child, lines }: Awaited<ReturnType<typeof start>>, reason: RegExp): Promise<void> {
    try {
      const [url] = (await once(child.stdout!, 'data')) as [Buffer];
      expect(url.toString()).toMatch(/^http:\/\/oauth-lab-[0-9a-f]{32}\.localhost:\d+\/\?token=/);
      const failure = lines.filter((line) => line.startsWith('Electron could not be fetched: '));
      expect(failure).toHaveLength(1);
      expect(failure[0]).toMatch(reason);
      expect(failure[0]).toContain('opens in your browser instead (browser mode). To retry, run `npm start` again');
      expect(failure[0]).not.toContain('\n');
      expect(existsSync(join(dir, 'record.txt'))).toBe(false);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  }
});

/** A proxy on 127.0.0.1 that answers every CONNECT with 407 (it wants credentials). */
async function proxyAskingForCredentials(): Promise<NodeJS.ProcessEnv> {
  const server = createServer();
  server.on('connect', (_req, socket) =>
    socket.end('HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\n\r\n')
  );
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const proxy = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { ELECTRON_GET_USE_PROXY: '1', HTTPS_PROXY: proxy, HTTP_PROXY: proxy, NO_PROXY: '' };
}

/** A port on 127.0.0.1 that nothing listens on: one just closed. */
async function refusingPort(): Promise<string> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return `http://127.0.0.1:${port}/`;
}
