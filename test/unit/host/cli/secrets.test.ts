import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { json, startEmulation, type Emulation } from '../../../support/emulations/provider-emulation';
import { startOAuth2Emulation } from '../../../support/emulations/presets/oauth2-emulation';
import { flowInProcess } from './flow-in-process';
import { runCli } from './run-cli';
import { scratchDir } from '../../../support/scratch-dir';

// Secrets without flags (which any local user reads in the process list): a file, the environment, a prompt on a
// terminal only. Over real sockets against emulations.
const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});
const SECRET = 'client-secret-from-elsewhere';

async function provider() {
  const e = await startOAuth2Emulation({
    authorizePath: '/authorize',
    tokenPath: '/token',
    clientId: 'cid',
    clientSecret: SECRET,
    clientAuth: 'body',
    tokenResponse: () => json({ access_token: 'at-1', token_type: 'bearer' }),
  });
  servers.push(e);
  return [
    'oauth2',
    '--base-url',
    e.main.base,
    '--authorize-path',
    '/authorize',
    '--token-path',
    '/token',
    '--client-id',
    'cid',
    '--no-history',
    '--json',
  ];
}
const secretFile = (text: string) => {
  const file = join(scratchDir('oauth-lab-secret-'), 'secret');
  writeFileSync(file, text);
  return file;
};

describe('secrets from a file, the environment or a terminal prompt', () => {
  it('flow takes the client secret from OAUTH_LAB_CLIENT_SECRET or --client-secret-file (its first line)', async () => {
    const fromEnv = await flowInProcess(await provider(), undefined, { OAUTH_LAB_CLIENT_SECRET: SECRET });
    expect(fromEnv.err).toContain('Flow completed.');
    expect(fromEnv.code).toBe(0);
    const fromFile = await flowInProcess([...(await provider()), '--client-secret-file', secretFile(`${SECRET}\n`)]);
    expect(fromFile.code).toBe(0);
    expect(JSON.parse(fromFile.out)).toMatchObject({ access_token: 'at-1' });
  });

  it('without a terminal nothing is asked: the flow stops at once naming the file and the variable (exit 2)', async () => {
    const r = await runCli(['flow', ...(await provider())]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(
      '--client-secret is required for flow oauth2: give --client-secret-file PATH or the environment variable OAUTH_LAB_CLIENT_SECRET (or --client-secret, visible to other local users in the process list).'
    );
    const both = await runCli([
      'flow',
      ...(await provider()),
      '--client-secret',
      'x',
      '--client-secret-file',
      secretFile('y'),
    ]);
    expect(both.code).toBe(2);
    expect(both.err).toContain('--client-secret and --client-secret-file both give the client secret; give one.');
    const empty = await runCli(['flow', ...(await provider()), '--client-secret-file', secretFile('\nsecond line')]);
    expect(empty.err).toMatch(/--client-secret-file .*: the first line is empty; expected the secret\./);
  });

  it('on a terminal (a pty from script(1)) the flow asks for the client secret without echoing it', async () => {
    const args = await provider();
    const command = ['node', 'bin/oauth-lab.mjs', 'flow', ...args, '--no-open'].map((a) => `'${a}'`).join(' ');
    const child = spawn('script', ['-qec', command, '/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let seen = '';
    let typed = false;
    let browsed = false;
    child.stdout.on('data', (d: Buffer) => {
      seen += d.toString();
      if (!typed && seen.includes('client secret (not shown): ')) {
        typed = true;
        child.stdin.write(`${SECRET}\r`);
      }
      const url = /Open this URL to authorize:\r?\n(\S+)\r?\n/.exec(seen)?.[1];
      if (url && !browsed) {
        browsed = true;
        void fetch(url, { redirect: 'follow' });
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(seen).toContain('Flow completed.');
    expect(seen).not.toContain(SECRET);
    expect(code).toBe(0);
  });

  it('--help of every command with secrets says why the flag is the least safe, and names the file and variable', async () => {
    for (const command of ['flow', 'call', 'sign', 'debug']) {
      const help = await runCli([command, '--help']);
      expect(help.out).toContain("a flag's value is visible to every local user in the process list (ps)");
    }
    expect((await runCli(['flow', '--help'])).out).toContain(
      '--client-secret-file PATH (its first line), or OAUTH_LAB_CLIENT_SECRET'
    );
    expect((await runCli(['call', '--help'])).out).toContain(
      '--bearer-file PATH (its first line), or OAUTH_LAB_BEARER'
    );
  });

  it('call takes the bearer token from OAUTH_LAB_BEARER; sign the consumer secret from --consumer-secret-file', async () => {
    const api: Emulation = await startEmulation({
      '/me': (r) => (r.headers.authorization === 'Bearer env-token' ? json({ ok: 1 }) : json({}, 401)),
    });
    servers.push(api);
    const call = await runCli(['call', '--url', `${api.base}/me`, '--no-history'], '', {
      OAUTH_LAB_BEARER: 'env-token',
    });
    expect(call.code).toBe(0);
    const common = ['sign', '--url', 'http://x.example/r', '--consumer-key', 'k', '--nonce', 'n', '--timestamp', '1'];
    const flag = await runCli([...common, '--consumer-secret', 'cs']);
    const file = await runCli([...common, '--consumer-secret-file', secretFile('cs\n')]);
    expect(file.code).toBe(0);
    expect(file.out).toBe(flag.out);
    const env = await runCli(common, '', { OAUTH_LAB_CONSUMER_SECRET: 'cs' });
    expect(env.out).toBe(flag.out);
  });
});
