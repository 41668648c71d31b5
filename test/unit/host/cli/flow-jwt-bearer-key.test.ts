import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS, MockProvider, parseConfig } from '../../../../mock-provider';
import { scratchDir } from '../../../support/scratch-dir';
import { agentArgs, capturingTokenEndpoint, machineCli } from './machine-cli';

/**
 * `oauth-lab flow jwt-bearer` building its assertion (RFC 7523 §2.1, §3) when no --assertion-file is given: from
 * --private-key with --iss, --sub, --aud, or from a Google service-account JSON file read as it is (client_email as
 * iss and sub, private_key_id as kid, token_uri as aud and as the token endpoint, the scope as a claim), its trace
 * shown part by part as a client assertion's is; over real sockets against the mock. Checked with `jose`.
 */
const REDIRECT = 'http://127.0.0.1:8765/callback';
const EMAIL = 'robot@lab-project.iam.gserviceaccount.com';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
let mock: MockProvider;
beforeAll(async () => {
  const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'sa-key-1', alg: 'RS256', use: 'sig' };
  const config = parseConfig({
    oauth2: {
      clients: [
        { ...DEFAULT_CREDENTIALS.client, redirectUris: [REDIRECT] },
        { id: 'agent', redirectUris: [REDIRECT], tokenEndpointAuthMethod: 'none' },
        { id: 'workload-issuer', redirectUris: [REDIRECT], jwks: { keys: [jwk] } },
        { id: EMAIL, redirectUris: [REDIRECT], jwks: { keys: [jwk] }, tokenEndpointAuthMethod: 'none' },
      ],
    },
  });
  mock = new MockProvider({ config });
  await mock.start({ port: 0 });
});
afterAll(() => mock.stop());

function file(name: string, text: string): string {
  const path = join(scratchDir('jwt-bearer-key-'), name);
  writeFileSync(path, text);
  return path;
}

const serviceAccount = (tokenUri: string) =>
  file(
    'service-account.json',
    JSON.stringify({
      type: 'service_account',
      project_id: 'lab-project',
      private_key_id: 'sa-key-1',
      private_key: pem,
      client_email: EMAIL,
      client_id: '1234567890',
      token_uri: tokenUri,
    })
  );

describe('flow jwt-bearer with an assertion it builds', () => {
  it('--private-key with --iss and --sub: signed, its trace on stderr, the token for sub', async () => {
    const r = await machineCli(
      agentArgs(
        'jwt-bearer',
        mock.baseUrl,
        '--private-key',
        file('key.pem', pem),
        '--key-id',
        'sa-key-1',
        '--iss',
        'workload-issuer',
        '--sub',
        'build-robot',
        '--scope',
        'read',
        '--json'
      )
    );
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ token_type: 'bearer', scope: 'read' });
    expect(r.err).toContain('grant assertion (RS256, RFC 7523 §2.1):');
    expect(r.err).toMatch(
      /claims +\{"iss":"workload-issuer","sub":"build-robot","aud":"http:\/\/127\.0\.0\.1:\d+\/oauth\/v2\/token"/
    );
    // A grant assertion (RFC 7523 §2.1) is signed by its issuer, not by the client authenticating (§2.2).
    expect(r.err).toMatch(
      /key +the grant assertion's signing key: its issuer's RSA private key \(PKCS#8 PEM, kid sa-key-1; masked\)/
    );
    expect(r.err).not.toContain("the client's RSA private key");
    expect(mock.events.recent(0).at(-1)!.verdict.message).toContain('assertion of workload-issuer for build-robot');
  });

  it('--service-account: the Google JSON file as it is, the token endpoint its token_uri, the scope a claim', async () => {
    const tokenUri = `${mock.baseUrl}/oauth/v2/token`;
    const r = await machineCli([
      'jwt-bearer',
      '--service-account',
      serviceAccount(tokenUri),
      '--client-auth',
      'none',
      '--client-id',
      EMAIL,
      '--scope',
      'read write',
      '--json',
    ]);
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ scope: 'read write' });
    expect(r.err).toContain(`"iss":"${EMAIL}","sub":"${EMAIL}","aud":"${tokenUri}"`);
  });

  it('--service-account sends what Google’s JWT bearer flow wants: kid, the scope claim, no scope parameter', async () => {
    const endpoint = await capturingTokenEndpoint();
    try {
      const r = await machineCli([
        'jwt-bearer',
        '--service-account',
        serviceAccount(endpoint.url),
        '--client-auth',
        'none',
        '--client-id',
        EMAIL,
        '--scope',
        'https://www.googleapis.com/auth/cloud-platform',
      ]);
      expect(r.code, r.err).toBe(0);
      const body = Object.fromEntries(new URLSearchParams(endpoint.requests[0]!.body));
      expect(Object.keys(body).sort()).toEqual(['assertion', 'client_id', 'grant_type']);
      expect(decodeProtectedHeader(body.assertion!)).toMatchObject({ alg: 'RS256', kid: 'sa-key-1', typ: 'JWT' });
      const claims = decodeJwt(body.assertion!);
      expect(claims).toMatchObject({
        iss: EMAIL,
        sub: EMAIL,
        aud: endpoint.url,
        scope: 'https://www.googleapis.com/auth/cloud-platform',
      });
      expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(3600);
    } finally {
      await endpoint.close();
    }
  });

  it('a service-account file that is not one, or a key without --iss: usage errors naming what is wrong', async () => {
    const notJson = await machineCli([
      'jwt-bearer',
      '--service-account',
      file('sa.json', '{"type":"authorized_user"}'),
    ]);
    expect(notJson.code).toBe(2);
    expect(notJson.err).toContain('--service-account');
    expect(notJson.err).toContain('client_email');
    const noIss = await machineCli(agentArgs('jwt-bearer', mock.baseUrl, '--private-key', file('k.pem', pem)));
    expect(noIss.code).toBe(2);
    expect(noIss.err).toContain('--iss');
  });

  it('--help says how the assertion is built', async () => {
    const r = await machineCli(['jwt-bearer', '--help']);
    expect(r.out).toContain('--private-key FILE --iss ISS [--sub SUB] [--aud AUD]');
    expect(r.out).toContain('--service-account FILE');
  });
});
