import { execFileSync } from 'node:child_process';
import * as nodeFs from 'node:fs';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServices } from '../../../../host/bridge/app-services';
import { createAppStore, createFileBackend } from '../../../../host/store';
import { StoreWriteError, writeFileDurably, type WriteFs } from '../../../../host/store/durable-write';
import { dispatch } from '../../../../shared/bridge/dispatch';
import { failure, fileText, NOW, openStore, SECRETS, storeFile, tempDir, userProfile } from './helpers';

/*
 * A save lands completely or fails visibly, with the previous file intact: a full disk must never leave a short
 * store.json behind that the next start would move aside as corrupt (and with it every profile and secret).
 */

const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });

/** node:fs, except that writes to temporary files go through `write`. */
function diskWith(write: WriteFs['writeSync']): WriteFs {
  return { ...nodeFs, writeSync: write } as WriteFs;
}

/** Writes only half of what it is given and says so (a legal short write), then fails as a full disk does. */
const shortThenFull = (): WriteFs['writeSync'] => {
  let calls = 0;
  return ((fd: number, buffer: Buffer, offset: number, length: number, position: number) => {
    if (++calls > 1) throw enospc();
    return nodeFs.writeSync(fd, buffer, offset, Math.ceil(length / 2), position);
  }) as WriteFs['writeSync'];
};

/** Writes half and claims it wrote everything: only checking the file's size catches this. */
const lyingWrite = (): WriteFs['writeSync'] =>
  ((fd: number, buffer: Buffer, offset: number, length: number, position: number) => {
    nodeFs.writeSync(fd, buffer, offset, Math.ceil(length / 2), position);
    return length;
  }) as WriteFs['writeSync'];

const leftovers = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.tmp'));

describe('durable writes: writeFileDurably', () => {
  it('replaces the file completely and leaves no temporary file', () => {
    const dir = tempDir();
    const file = join(dir, 'a.json');
    writeFileSync(file, 'old');
    writeFileDurably(file, 'new contents');
    expect(readFileSync(file, 'utf8')).toBe('new contents');
    expect(leftovers(dir)).toEqual([]);
  });

  it.each([
    ['a short write followed by ENOSPC', shortThenFull, /the disk is full \(ENOSPC\)/],
    ['a write that claims more than it wrote', lyingWrite, /the written file has \d+ bytes, expected \d+/],
  ])('%s: StoreWriteError naming the file and the cause, the previous file unchanged', (_, make, cause) => {
    const dir = tempDir();
    const file = join(dir, 'store.json');
    writeFileSync(file, '{"good":true}');
    let error: unknown;
    try {
      writeFileDurably(file, JSON.stringify({ good: false, padding: 'x'.repeat(10_000) }), { fs: diskWith(make()) });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(StoreWriteError);
    expect((error as Error).message).toContain(file);
    expect((error as Error).message).toMatch(cause);
    expect((error as Error).message).toContain('The previous file is unchanged');
    expect(readFileSync(file, 'utf8')).toBe('{"good":true}');
    expect(leftovers(dir)).toEqual([]);
  });

  it('names EACCES, EDQUOT and EROFS in words', () => {
    for (const [code, words] of [
      ['EACCES', 'permission denied'],
      ['EDQUOT', 'quota'],
      ['EROFS', 'read-only'],
    ] as const) {
      const dir = tempDir();
      const file = join(dir, 's.json');
      const fs = {
        ...nodeFs,
        openSync: () => {
          throw Object.assign(new Error(code), { code });
        },
      } as unknown as WriteFs;
      expect(() => writeFileDurably(file, 'x', { fs })).toThrow(new RegExp(`${words}.*\\(${code}\\)`));
      expect(existsSync(file)).toBe(false);
    }
  });
});

describe('a full disk through the store and the bridge', () => {
  it('profileSave answers ok:false store_error naming store.json and ENOSPC; the file and the next start keep the profiles', async () => {
    const dir = tempDir();
    openStore(dir).profileSave({ profile: { ...userProfile(), builtIn: false } as never });
    const before = fileText(dir);

    const store = createAppStore({
      backend: createFileBackend({ cwd: dir, fs: diskWith(shortThenFull()) }),
      now: () => NOW,
    });
    const services = createAppServices({
      host: 'web',
      version: '0.0.0-test',
      store,
      shell: { openInSystemBrowser: async () => true },
    });
    const result = await dispatch(services.handlers, 'profileSave', {
      profile: userProfile({ id: 'home', name: 'Home' }),
    });
    await services.close();
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('store_error');
    expect(result.error.message).toContain(storeFile(dir));
    expect(result.error.message).toContain('the disk is full (ENOSPC)');
    expect(result.error.details).toMatchObject({ path: storeFile(dir), cause: 'ENOSPC' });

    expect(fileText(dir)).toBe(before);
    const again = openStore(dir);
    expect(again.notices).toEqual([]);
    expect(again.profilesList(undefined).map((p) => p.id)).toEqual(['mock', 'work']);
    expect(again.profilesList(undefined)[1]!.oauth1.consumerSecret).toBe(SECRETS.consumerSecret);
  });
});

/** A real, tiny tmpfs: needs root and mount(8) (CI runs as root). */
function mountTinyTmpfs(dir: string): string | undefined {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return 'not root on Linux';
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k,mode=0700', 'tmpfs', dir], { stdio: 'pipe' });
    return undefined;
  } catch (e) {
    return `mount -t tmpfs failed: ${(e as Error).message.split('\n')[0]}`;
  }
}

const mounted: string[] = [];
afterEach(() => {
  for (const m of mounted.splice(0)) execFileSync('umount', [m]);
});

/** Fills what is left of the file system at `mountPoint` but `keep` bytes (whole pages). */
function fill(mountPoint: string, keep: number): void {
  if (keep) writeFileSync(join(mountPoint, 'reserve'), Buffer.alloc(keep, 1));
  const chunk = Buffer.alloc(1024, 1);
  const fd = nodeFs.openSync(join(mountPoint, 'filler'), 'w');
  try {
    for (;;) nodeFs.writeSync(fd, chunk);
  } catch (e) {
    expect((e as { code?: string }).code).toBe('ENOSPC');
  } finally {
    nodeFs.closeSync(fd);
  }
  if (keep) rmSync(join(mountPoint, 'reserve'));
}

describe('a full disk for real: a 64 KiB tmpfs', () => {
  const probe = tempDir;

  it('an exchange that does not fit fails with ENOSPC and leaves nothing half-written in the history', async (ctx) => {
    const mountPoint = join(probe(), 'tiny');
    mkdirSync(mountPoint);
    const skip = mountTinyTmpfs(mountPoint);
    if (skip) return ctx.skip(`needs a tmpfs: ${skip}`);
    mounted.push(mountPoint);

    const dir = join(mountPoint, 'store');
    const store = openStore(dir);
    const small = (id: string) => ({
      id,
      profileId: 'mock',
      flow: 'oauth1' as const,
      leg: 'api',
      outcome: 'succeeded' as const,
      summary: id,
      at: NOW,
      exchange: {
        request: { method: 'GET', url: 'http://127.0.0.1/', headers: [] as [string, string][] },
        response: { status: 200, statusText: 'OK', headers: [] as [string, string][], bodyText: 'ok', bodySize: 2 },
        timings: { connect: null, tls: null, firstByte: null, total: 1 },
        startedAt: NOW,
      },
    });
    store.historyAdd({ entry: small('first') });
    fill(mountPoint, 8192);
    const big = small('big');
    big.exchange.response = { ...big.exchange.response, bodyText: 'x'.repeat(20_000), bodySize: 20_000 };
    // The append the host makes when it records an exchange (record-exchange.ts) fails as a coded store error.
    const error = failure(() => store.historyAdd({ entry: big }));
    expect(error).toMatchObject({
      code: 'store_error',
      details: { path: join(dir, 'exchange-history'), cause: 'ENOSPC' },
    });
    expect(error.message).toContain('the disk is full (ENOSPC)');
    // No body file of the failed exchange is left, and the history reads as before.
    const files = readdirSync(join(dir, 'exchange-history'), { recursive: true }).map(String);
    expect(files.filter((f) => f.endsWith('.response'))).toEqual([]);
    rmSync(join(mountPoint, 'filler'));
    store.historyAdd({ entry: small('after') });
    expect(
      openStore(dir)
        .historyList({ offset: 0, limit: 10 })
        .entries.map((e) => e.id)
        .sort()
    ).toEqual(['after', 'first']);
  });

  it('a save that does not fit fails with ENOSPC and store.json stays complete', async (ctx) => {
    const mountPoint = join(probe(), 'tiny');
    mkdirSync(mountPoint);
    const skip = mountTinyTmpfs(mountPoint);
    if (skip) return ctx.skip(`needs a tmpfs: ${skip}`);
    mounted.push(mountPoint);

    const dir = join(mountPoint, 'store');
    openStore(dir).profileSave({ profile: { ...userProfile(), builtIn: false } as never });
    const before = fileText(dir);
    // Fill what is left of the file system but 8 KiB: the next save starts, then runs out of room part-way.
    fill(mountPoint, 8192);

    const store = openStore(dir);
    const services = createAppServices({
      host: 'web',
      version: '0.0.0-test',
      store,
      shell: { openInSystemBrowser: async () => true },
    });
    const bigKey = `-----BEGIN PRIVATE KEY-----\n${'A'.repeat(24_000)}\n-----END PRIVATE KEY-----`;
    const result = await dispatch(services.handlers, 'profileSave', {
      profile: userProfile({ id: 'home', name: 'Home', oauth1: { consumerKey: 'k', rsaPrivateKey: bigKey } }),
    });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'store_error', details: { path: storeFile(dir), cause: 'ENOSPC' } },
    });
    expect(fileText(dir)).toBe(before);
    expect(leftovers(dir)).toEqual([]);
    // The failed change is undone in memory too, and the next start reads both profiles' secrets.
    expect((await dispatch(services.handlers, 'profilesList', undefined)) as unknown).toMatchObject({
      ok: true,
      value: [{ id: 'mock' }, { id: 'work' }],
    });
    await services.close();

    rmSync(join(mountPoint, 'filler'));
    const again = openStore(dir);
    expect(again.notices).toEqual([]);
    expect(again.profilesList(undefined).map((p) => p.id)).toEqual(['mock', 'work']);
    expect(
      again.profileSave({ profile: { ...userProfile({ id: 'home', name: 'Home' }), builtIn: false } as never }).id
    ).toBe('home');
  });
});
