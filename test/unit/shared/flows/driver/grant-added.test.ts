import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS } from '../../../../../mock-provider';
import { scratchDir } from '../../../../support/scratch-dir';

/*
 * What adding a grant takes, shown: a copy of the source gains the SAML 2.0 bearer assertion grant (RFC 7522 §2.1)
 * as one module in shared/flows/driver/grants/ and one in mock-provider/grants/, and nothing else. The copy's CLI,
 * built as npm run build:cli builds it, then has `oauth-lab flow saml2-bearer` with its flag and help, and its mock
 * offers the grant in discovery and answers it, over real sockets.
 */
const ROOT = join(import.meta.dirname, '../../../../..');
const GRANT = 'urn:ietf:params:oauth:grant-type:saml2-bearer';
const ASSERTION = 'PHNhbWw6QXNzZXJ0aW9uLz4';

const CLIENT_MODULE = `import { tokenEndpointGrant } from '../token-endpoint-grant';

export const saml2BearerGrant = tokenEndpointGrant({
  command: 'saml2-bearer',
  title: 'SAML 2.0 bearer assertion',
  grantType: '${GRANT}',
  definedBy: 'RFC 7522 §2.1',
  parameters: [{ name: 'assertion', what: 'a base64url-encoded SAML 2.0 assertion', secret: true }],
});
`;

const MOCK_MODULE = `import { bad } from '../oauth2-token-error';
import type { Grant } from './grant';
import { issueTokens } from './issue-tokens';

export const saml2BearerGrant = {
  grantType: '${GRANT}',
  definedBy: 'RFC 7522 §2.1',
  handle(ctx, client, get) {
    if (get.value('assertion') !== '${ASSERTION}') throw bad('invalid_grant', 'The assertion is not one this mock issued.');
    const grant = { grantId: ctx.state.newSecret(9, 'g-'), clientId: client.id, username: 'demo' };
    return issueTokens(ctx, grant, 'read', 'A SAML 2.0 assertion for demo (RFC 7522 §2.1)', { withoutRefresh: true });
  },
} as const satisfies Grant;
`;

const copy = scratchDir('grant-added-');
let stopMock = async () => {};
let base = '';

const cli = (...args: string[]) =>
  spawnSync(process.execPath, [join(copy, 'bin/oauth-lab.mjs'), ...args], { encoding: 'utf8', cwd: copy });

async function startMock(): Promise<void> {
  const mock = spawn(process.execPath, [join(copy, 'bin/oauth-lab.mjs'), 'mock', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  stopMock = () =>
    mock.exitCode === null ? new Promise((r) => mock.once('exit', () => r()).kill('SIGTERM')) : Promise.resolve();
  base = await new Promise<string>((resolve, reject) => {
    let out = '';
    mock.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!.trim());
    });
    mock.once('exit', (code) => reject(new Error(`the copy's oauth-lab mock exited with ${code}`)));
  });
}

beforeAll(async () => {
  for (const dir of ['shared', 'mock-provider', 'platform', 'host', 'bin'])
    cpSync(join(ROOT, dir), join(copy, dir), { recursive: true });
  for (const file of ['package.json', 'tsconfig.base.json', 'vite.cli.config.ts'])
    cpSync(join(ROOT, file), join(copy, file));
  symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  writeFileSync(join(copy, 'shared/flows/driver/grants/saml2-bearer.ts'), CLIENT_MODULE);
  writeFileSync(join(copy, 'mock-provider/grants/saml2-bearer.ts'), MOCK_MODULE);
  mkdirSync(join(copy, 'out'));
  await build({ root: copy, configFile: join(copy, 'vite.cli.config.ts'), logLevel: 'error' });
  await startMock();
}, 120_000);

afterAll(() => stopMock());

describe('a grant added as one module per side', () => {
  it('is a flow command of the CLI, with a flag for its parameter and its help', () => {
    const help = cli('flow', 'saml2-bearer', '--help');
    expect(help.status, help.stderr).toBe(0);
    expect(help.stdout).toContain('SAML 2.0 bearer assertion');
    expect(help.stdout).toMatch(/--assertion-file FILE\s+a base64url-encoded SAML 2\.0 assertion/);
  });

  it('is offered by the mock (RFC 8414 §2 grant_types_supported) and gets a token from it', async () => {
    const discovery = (await (await fetch(`${base}/.well-known/openid-configuration`)).json()) as {
      grant_types_supported: string[];
    };
    expect(discovery.grant_types_supported).toContain(GRANT);
    const { id, secret } = DEFAULT_CREDENTIALS.client;
    const flow = ['flow', 'saml2-bearer', '--base-url', base, '--client-id', id, '--no-history'];
    const r = cli(...flow, `--client-secret=${secret}`, `--assertion=${ASSERTION}`, '--json');
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ access_token: expect.any(String), scope: 'read' });
    expect(r.stderr).toContain('== Token request (SAML 2.0 bearer assertion, RFC 7522 §2.1)');
  });

  it("is refused by the mock in its own words when the grant's check fails", () => {
    const { id, secret } = DEFAULT_CREDENTIALS.client;
    const flow = ['flow', 'saml2-bearer', '--base-url', base, '--client-id', id, '--no-history'];
    const r = cli(...flow, `--client-secret=${secret}`, '--assertion=not-it');
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('invalid_grant');
    expect(r.stderr).toContain('The assertion is not one this mock issued.');
  });
});
