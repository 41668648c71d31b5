import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS } from '../../../../mock-provider';
import { createAppStore } from '../../../../host/store';
import { runCli } from '../cli/run-cli';
import { actAsBrowser } from './browser';
import { runFlowCli } from './run-flow-cli';

/*
 * `oauth-lab flow` and `oauth-lab call` record their exchanges in the store's history, as the app does: the real
 * binaries against `oauth-lab mock` over real sockets; --no-history and the keepHistory setting record none.
 */
let mock: ChildProcess;
let base: string;
beforeAll(async () => {
  mock = spawn(process.execPath, ['bin/oauth-lab.mjs', 'mock', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  base = await new Promise<string>((resolve, reject) => {
    let out = '';
    mock.stdout!.on('data', (d) => {
      out += d;
      const url = /^(http:\/\/127\.0\.0\.1:\d+)\s*$/m.exec(out)?.[1];
      if (url) resolve(url);
    });
    mock.on('exit', (code) => reject(new Error(`oauth-lab mock exited with ${code}`)));
  });
});
afterAll(() => void mock.kill('SIGTERM'));

const dirs: string[] = [];
const storeDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'oauth-lab-cli-history-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const { consumer, client } = DEFAULT_CREDENTIALS;
const approve = (url: string) => actAsBrowser(url, { username: 'demo', password: 'demo', decision: 'approve' });
const oauth1 = (...more: string[]) =>
  runFlowCli(
    [
      'oauth1',
      '--base-url',
      base,
      '--consumer-key',
      consumer.key,
      '--consumer-secret',
      consumer.secret,
      '--no-open',
      ...more,
    ],
    approve
  );
/** The history's entries, oldest first, as `flow leg outcome`. */
const recorded = (dir: string) =>
  createAppStore({ cwd: dir })
    .historyList({ offset: 0, limit: 100 })
    .entries.reverse()
    .map((e) => `${e.flow} ${e.leg} ${e.outcome}`);

describe('the CLI records its exchanges in the history', () => {
  it('oauth-lab flow oauth1 records each leg it sent, with the exchange as sent and the leg verdict', async () => {
    const dir = storeDir();
    const r = await oauth1('--store-dir', dir);
    expect(r.code).toBe(0);
    // The authorization leg too (the URL opened, the redirect back as judged), with its verdict.
    expect(recorded(dir)).toEqual([
      'oauth1 requestToken succeeded',
      'oauth1 authorize succeeded',
      'oauth1 accessToken succeeded',
    ]);
    const [access] = createAppStore({ cwd: dir }).historyList({ offset: 0, limit: 1 }).entries;
    expect(access).toMatchObject({
      profileId: 'cli',
      // The leg's own verdict (its checks), as the app records it: not the host's reading of the status.
      summary: expect.stringMatching(/^Access token \S+ received; it does not expire/),
      exchange: { request: { method: 'POST', url: `${base}/oauth/v1/access_token` }, response: { status: 200 } },
    });
    expect(access!.exchange.response.bodyText).toMatch(/^oauth_token=/);
  });

  it('oauth-lab flow oauth2 records the token exchange; a refused leg is recorded as failed', async () => {
    const dir = storeDir();
    expect(
      (
        await runFlowCli(
          [
            'oauth2',
            '--base-url',
            base,
            '--client-id',
            client.id,
            '--client-secret',
            client.secret,
            '--no-open',
            '--store-dir',
            dir,
          ],
          approve
        )
      ).code
    ).toBe(0);
    expect(recorded(dir)).toEqual(['oauth2 authorize succeeded', 'oauth2 token succeeded']);
    const refused = storeDir();
    expect(
      (
        await runFlowCli([
          'oauth1',
          '--base-url',
          base,
          '--consumer-key',
          consumer.key,
          '--consumer-secret',
          'wrong',
          '--no-open',
          '--store-dir',
          refused,
        ])
      ).code
    ).toBe(1);
    expect(recorded(refused)).toEqual(['oauth1 requestToken failed']);
  });

  it('--no-history records nothing and leaves no history behind', async () => {
    const dir = storeDir();
    expect((await oauth1('--store-dir', dir, '--no-history')).code).toBe(0);
    expect(existsSync(join(dir, 'exchange-history'))).toBe(false);
  });

  it('records nothing when history is turned off in the store settings', async () => {
    const dir = storeDir();
    createAppStore({ cwd: dir }).settingsUpdate({ keepHistory: false });
    expect((await oauth1('--store-dir', dir)).code).toBe(0);
    expect(recorded(dir)).toEqual([]);
  });

  it('oauth-lab call records its request, in the per-user store without --store-dir', async () => {
    const dir = storeDir();
    const signed = await runCli([
      'call',
      '--url',
      `${base}/api/v1/me`,
      '--consumer-key',
      consumer.key,
      '--consumer-secret',
      consumer.secret,
      '--store-dir',
      dir,
    ]);
    expect(signed.code).toBe(1);
    expect(recorded(dir)).toEqual(['signer request failed']);
    expect(createAppStore({ cwd: dir }).historyList({ offset: 0, limit: 1 }).entries[0]!.summary).toMatch(
      /→ 400 Bad Request: parameter_absent: Missing protocol parameter oauth_token/
    );

    // The default store is the per-user one (the tests' own, see test/support/isolated-config.ts).
    const perUser = join(process.env.XDG_CONFIG_HOME!, 'oauth-lab-nodejs');
    expect(perUser.startsWith(tmpdir())).toBe(true);
    const before = existsSync(perUser)
      ? createAppStore({ cwd: perUser }).historyList({ offset: 0, limit: 1 }).total
      : 0;
    await runCli(['call', '--url', `${base}/api/v1/me`, '--bearer', 'not-a-token']);
    expect(createAppStore({ cwd: perUser }).historyList({ offset: 0, limit: 1 }).total).toBe(before + 1);
    await runCli(['call', '--url', `${base}/api/v1/me`, '--bearer', 'not-a-token', '--no-history']);
    expect(createAppStore({ cwd: perUser }).historyList({ offset: 0, limit: 1 }).total).toBe(before + 1);
  });
});
