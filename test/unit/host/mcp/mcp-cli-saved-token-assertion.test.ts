import { createServer } from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppStore } from '../../../../host/store';
import { scratchDir } from '../../../support/scratch-dir';
import { Harness } from '../../mock-provider/helpers';
import { runMcpCli } from './run-mcp-cli';

// A saved MCP token refreshed by a client that authenticates with private_key_jwt and --assertion-aud issuer: the
// refresh's client assertion names the authorization server's issuer as aud, as the first token request's did (RFC
// 7523 §3 item 3), not the token endpoint. The refresh goes through a tap on 127.0.0.1 that keeps the request it
// forwards to the mock, so the assertion is read as it was sent.
const REDIRECT = 'http://127.0.0.1:8765/callback';
const dir = scratchDir('mcp-saved-assertion-');
const keyFile = join(dir, 'client.jwk');
let h: Harness;
beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  writeFileSync(keyFile, JSON.stringify({ ...(await exportJWK(pair.privateKey)), kid: 'c-1' }));
  h = new Harness({
    autoLoginUser: 'demo',
    configValue: {
      oauth2: {
        clients: [
          {
            id: 'signed-app',
            redirectUris: [REDIRECT],
            tokenEndpointAuthMethod: 'private_key_jwt',
            jwks: { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'c-1' }] },
          },
        ],
      },
    },
  });
  await h.start();
});
afterAll(() => h.stop());

/** A token endpoint on 127.0.0.1 that keeps each request body and forwards it to the mock's, answering as it does. */
async function tokenTap(target: string) {
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString('utf8')));
    req.on('end', () => {
      bodies.push(body);
      void fetch(target, { method: 'POST', headers: { 'content-type': req.headers['content-type']! }, body }).then(
        async (answer) => {
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
          res.end(await answer.text());
        }
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/oauth/v2/token`;
  return { url, bodies, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const signedApp = () => [
  `${h.base}/mcp`,
  '--no-open',
  '--client-id',
  'signed-app',
  '--client-auth',
  'private_key_jwt',
  '--private-key',
  keyFile,
  '--assertion-aud',
  'issuer',
];

describe('oauth-lab mcp: a saved token refreshed with --assertion-aud issuer', () => {
  it("the refresh's client assertion has aud the issuer, as the first token request's", async () => {
    const first = await runMcpCli(signedApp(), dir);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain(`"aud":"${h.base}"`);
    const tap = await tokenTap(`${h.base}/oauth/v2/token`);
    try {
      // The saved token expired, and its refresh sent through the tap.
      const store = createAppStore({ cwd: dir });
      const profile = store.profilesList(undefined).find((p) => p.baseUrl === `${h.base}/mcp`)!;
      store.profileSave({ profile: { ...profile, oauth2: { ...profile.oauth2, tokenPath: tap.url } } });
      const [token] = store.tokensList({ profileId: profile.id });
      store.tokenSave({ token: { ...token!, expiresAt: Date.now() - 1000 } });
      const second = await runMcpCli(signedApp(), dir);
      expect(second.code, second.stderr).toBe(0);
      expect(tap.bodies).toHaveLength(1);
      const sent = new URLSearchParams(tap.bodies[0]);
      expect(sent.get('grant_type')).toBe('refresh_token');
      expect(decodeJwt(sent.get('client_assertion')!).aud).toBe(h.base);
      // The mock took it: the saved token was refreshed, not authorized afresh.
      expect(second.stderr).not.toContain('The refresh was refused');
      expect(second.opened).toEqual([]);
    } finally {
      await tap.close();
    }
  });
});
