import childProcess from 'node:child_process';
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openInSystemBrowser, openLocalPageInSystemBrowser, type Opener } from '../../../host/open-browser';

/**
 * The argument vector the system browser is started with, on each platform, from the real `open` package: a fresh
 * instance is loaded while process.platform says the platform under test (it reads the platform once, when loaded),
 * and child_process.spawn is replaced by a recorder, so no browser starts.
 */
type Spawned = { command: string; args: string[]; options: { shell?: unknown; detached?: boolean; stdio?: unknown } };
let spawned: Spawned[] = [];
let spawnError: Error | null = null;

beforeEach(() => {
  spawned = [];
  spawnError = null;
  vi.spyOn(childProcess, 'spawn').mockImplementation(((
    command: string,
    args: string[],
    options: Spawned['options']
  ) => {
    spawned.push({ command, args, options });
    const child = Object.assign(new EventEmitter(), { unref() {} });
    setImmediate(() => (spawnError ? child.emit('error', spawnError) : (child.emit('spawn'), child.emit('close', 0))));
    return child;
  }) as never);
});
afterEach(() => vi.restoreAllMocks());

async function openFor(platform: NodeJS.Platform): Promise<Opener> {
  const real = process.platform;
  Object.defineProperty(process, 'platform', { value: platform });
  try {
    const url = `${pathToFileURL(createRequire(import.meta.url).resolve('open')).href}?platform=${platform}`;
    return ((await import(/* @vite-ignore */ url)) as { default: Opener }).default;
  } finally {
    Object.defineProperty(process, 'platform', { value: real });
  }
}

/** PowerShell's -EncodedCommand is base64 of UTF-16LE. */
const decodePowerShell = (encoded: string) => Buffer.from(encoded, 'base64').toString('utf16le');
const AUTHORIZE =
  'https://provider.example/oauth/authorize?response_type=code&client_id=abc&state=x%26y&redirect_uri=http%3A%2F%2F127.0.0.1%3A8765%2Fcallback';

describe('openInSystemBrowser', () => {
  it('Linux: xdg-open with the URL as its one argument, no shell', async () => {
    expect(await openInSystemBrowser(AUTHORIZE, await openFor('linux'))).toBe(true);
    expect(spawned).toHaveLength(1);
    expect(basename(spawned[0]!.command)).toBe('xdg-open');
    expect(spawned[0]!.args).toEqual([AUTHORIZE]);
    expect(spawned[0]!.options.shell).toBeUndefined();
    expect(spawned[0]!.options).toMatchObject({ detached: true, stdio: 'ignore' });
  });

  it('macOS: open with the URL as its one argument, no shell', async () => {
    expect(await openInSystemBrowser(AUTHORIZE, await openFor('darwin'))).toBe(true);
    expect(spawned).toEqual([
      { command: 'open', args: [AUTHORIZE], options: expect.not.objectContaining({ shell: expect.anything() }) },
    ]);
  });

  it('Windows: PowerShell Start with the URL single-quoted in an encoded command, so & cannot split it (no cmd /c start)', async () => {
    expect(await openInSystemBrowser(AUTHORIZE, await openFor('win32'))).toBe(true);
    expect(spawned).toHaveLength(1);
    const { command, args, options } = spawned[0]!;
    expect(command.toLowerCase()).toMatch(/\\windowspowershell\\v1\.0\\powershell\.exe$/);
    expect(args.slice(0, -1)).toEqual([
      '-NoProfile',
      '-NonInteractive',
      '-ExecutionPolicy',
      'Bypass',
      '-EncodedCommand',
    ]);
    expect(decodePowerShell(args.at(-1)!)).toBe(`$ProgressPreference = 'SilentlyContinue'; Start '${AUTHORIZE}'`);
    expect(options.shell).toBeUndefined();
  });

  it("Windows: a crafted URL stays one quoted string: ' arrives percent-encoded and $( ) is not expanded inside single quotes", async () => {
    const crafted = "https://evil.example/?a=1&b=';calc;'&c=$(calc)";
    expect(await openInSystemBrowser(crafted, await openFor('win32'))).toBe(true);
    expect(decodePowerShell(spawned[0]!.args.at(-1)!)).toBe(
      `$ProgressPreference = 'SilentlyContinue'; Start 'https://evil.example/?a=1&b=%27;calc;%27&c=$(calc)'`
    );
  });

  it('passes the URL serialized: a space or a double quote arrives percent-encoded', async () => {
    expect(await openInSystemBrowser('https://provider.example/a b?q="x"', await openFor('linux'))).toBe(true);
    expect(spawned[0]!.args).toEqual(['https://provider.example/a%20b?q=%22x%22']);
  });

  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'oauth-lab://x', 'not a url', ''])(
    'refuses %j without starting anything',
    async (url) => {
      expect(await openInSystemBrowser(url, await openFor('linux'))).toBe(false);
      expect(spawned).toEqual([]);
    }
  );

  it('resolves false when no opener can be started (xdg-open missing)', async () => {
    spawnError = Object.assign(new Error('spawn xdg-open ENOENT'), { code: 'ENOENT' });
    expect(await openInSystemBrowser(AUTHORIZE, await openFor('linux'))).toBe(false);
  });
});

describe('openLocalPageInSystemBrowser', () => {
  const PAGE = '/run/user/1000/oauth-lab-AbC123/open-oauth-lab.html';

  it('Linux: xdg-open with the page path as its one argument, no shell', async () => {
    expect(await openLocalPageInSystemBrowser(PAGE, await openFor('linux'))).toBe(true);
    expect(spawned).toHaveLength(1);
    expect(basename(spawned[0]!.command)).toBe('xdg-open');
    expect(spawned[0]!.args).toEqual([PAGE]);
    expect(spawned[0]!.options.shell).toBeUndefined();
  });

  it.each(['open-oauth-lab.html', './x.html', '/etc/passwd', ''])(
    'refuses %j without starting anything',
    async (path) => {
      expect(await openLocalPageInSystemBrowser(path, await openFor('linux'))).toBe(false);
      expect(spawned).toEqual([]);
    }
  );
});
