import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS, MockProvider, parseConfig } from '../../../../mock-provider';
import { scratchDir } from '../../../support/scratch-dir';
import { agentArgs, capturingTokenEndpoint, machineCli } from './machine-cli';

/**
 * `oauth-lab flow jwt-bearer` (RFC 7523 §2.1), derived from the driver's generic token-endpoint grant, over real
 * sockets against the mock: the assertion from a file or the environment, the client authenticated as at any grant,
 * DPoP, and each refusal in words. The assertions are signed with `jose`, not the project's code.
 */
const GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const REDIRECT = 'http://127.0.0.1:8765/callback';
let mock: MockProvider;
let privateKey: CryptoKey;
beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  privateKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'w-1' };
  const config = parseConfig({
    oauth2: {
      clients: [
        { ...DEFAULT_CREDENTIALS.client, redirectUris: [REDIRECT] },
        { id: 'agent', redirectUris: [REDIRECT], tokenEndpointAuthMethod: 'none' },
        { id: 'workload-issuer', redirectUris: [REDIRECT], jwks: { keys: [jwk] } },
      ],
    },
  });
  mock = new MockProvider({ config });
  await mock.start({ port: 0 });
});
afterAll(() => mock.stop());

async function assertion(claims: JWTPayload = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    iss: 'workload-issuer',
    sub: 'build-robot',
    aud: `${mock.baseUrl}/oauth/v2/token`,
    jti: randomUUID(),
    exp: now + 60,
    ...claims,
  })
    .setProtectedHeader({ alg: 'ES256', kid: 'w-1' })
    .sign(privateKey);
}

function assertionFile(jwt: string): string {
  const file = join(scratchDir('jwt-bearer-'), 'assertion.jwt');
  writeFileSync(file, `${jwt}\n`);
  return file;
}

const agent = (...args: string[]) => agentArgs('jwt-bearer', mock.baseUrl, ...args);

describe('flow jwt-bearer', () => {
  it('--assertion-file: the token for the assertion’s sub on stdout, the request and checks on stderr', async () => {
    const jwt = await assertion();
    const r = await machineCli(agent('--assertion-file', assertionFile(jwt), '--scope', 'read', '--json'));
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ token_type: 'bearer', scope: 'read' });
    expect(r.err).toContain('== Token request (JWT bearer, RFC 7523 §2.1)');
    expect(r.err).toContain(
      'No refresh_token (OPTIONAL, RFC 6749 §5.1): present the grant again before this token expires.'
    );
    expect(r.err).not.toContain(jwt);
    const accepted = mock.events.recent(0).at(-1)!;
    expect(accepted.verdict.message).toContain('JWT bearer assertion of workload-issuer for build-robot accepted');
  });

  it('the assertion from OAUTH_LAB_ASSERTION; the confidential client authenticates with its secret', async () => {
    const { client } = DEFAULT_CREDENTIALS;
    const env = { OAUTH_LAB_ASSERTION: await assertion(), OAUTH_LAB_CLIENT_SECRET: client.secret };
    const args = ['jwt-bearer', '--base-url', mock.baseUrl, '--client-id', client.id, '--json'];
    const r = await machineCli(args, undefined, env);
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toHaveProperty('access_token');
  });

  it('--dpop: the token request carries a proof and the token comes back DPoP-bound (RFC 9449 §5)', async () => {
    const r = await machineCli(agent('--assertion-file', assertionFile(await assertion()), '--dpop', '--json'));
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ token_type: 'DPoP' });
  });

  it('sends grant_type and the assertion as RFC 7523 §2.1 says', async () => {
    const endpoint = await capturingTokenEndpoint();
    try {
      const jwt = await assertion();
      const args = ['jwt-bearer', '--token-url', endpoint.url, '--client-id', 'agent', '--client-auth', 'none'];
      const r = await machineCli([...args, '--assertion-file', assertionFile(jwt)]);
      expect(r.code, r.err).toBe(0);
      expect(Object.fromEntries(new URLSearchParams(endpoint.requests[0]!.body))).toEqual({
        grant_type: GRANT,
        assertion: jwt,
        client_id: 'agent',
      });
    } finally {
      await endpoint.close();
    }
  });

  it('an expired assertion: exit 1 with the provider’s invalid_grant naming the claim', async () => {
    const past = Math.floor(Date.now() / 1000) - 10;
    const r = await machineCli(agent('--assertion-file', assertionFile(await assertion({ exp: past }))));
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toContain('oauth-lab flow jwt-bearer: failed at token: HTTP 400, the provider says: invalid_grant');
    expect(r.err).toContain('expired at');
    // invalid_grant in words for an extension grant (RFC 6749 §4.5), not as if a code or refresh token were sent.
    expect(r.err).toContain('The grant sent (an assertion, a subject token, RFC 6749 §4.5) is invalid');
  });

  it('no assertion: a usage error naming the flag, its file and its variable, nothing sent', async () => {
    const before = mock.events.recent(0).length;
    const r = await machineCli(agent());
    expect(r.code).toBe(2);
    expect(r.err).toContain('--assertion-file FILE (or --assertion, or OAUTH_LAB_ASSERTION) is required');
    expect(mock.events.recent(0).length).toBe(before);
  });

  it('--help is derived from the grant: its type, its parameter, its RFC', async () => {
    const r = await machineCli(['jwt-bearer', '--help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Usage: oauth-lab flow jwt-bearer');
    expect(r.out).toContain(GRANT);
    expect(r.out).toContain('--assertion-file FILE');
    expect(r.out).toContain('OAUTH_LAB_ASSERTION');
  });
});
