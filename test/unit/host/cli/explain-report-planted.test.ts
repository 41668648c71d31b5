import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { harOf } from '../../shared/explain/har-builder';

/** The built CLI (bin/oauth-lab.mjs over out/cli/), as a user runs it. */
function runBuilt(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['bin/oauth-lab.mjs', ...args]);
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err })));
}

const b64 = (s: string) => Buffer.from(s).toString('base64');
const jwt = (claims: object) =>
  `eyJhbGciOiJFUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2lnLXBsNG50ZWQ`;
const pct = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);

/**
 * 52 secret shapes, each a distinct value, planted where real HAR files carry them. Every one
 * contains `pl4nted` except the few whose real shape is digits or base64url.
 */
const S = {
  plaintextConsumerSecret: 'pl4nted-consumer-secret-01',
  plaintextTokenSecret: 'pl4nted-token-secret-02',
  plaintextHeaderConsumerSecret: 'pl4nted-consumer-secret-03',
  plaintextHeaderTokenSecret: 'pl4nted-token-secret-04',
  userinfoPassword: 'pl4nted-Winter2024!-05',
  xAuthToken: 'pl4nted-x-auth-token-06',
  privateToken: 'pl4nted-gitlab-pat-07',
  googApiKey: 'AIzaSyPl4nted-goog-key-08',
  apimKey: 'pl4nted0apim0subscription009',
  amzSecurityToken: 'pl4nted-amz-session-token-10',
  xApiKey: 'pl4nted-x-api-key-11',
  vaultToken: 'hvs.pl4nted-vault-token-12',
  customSession: 'pl4nted-custom-session-13',
  bearer: 'pl4nted-bearer-access-token-14',
  dpopAccessToken: 'pl4nted-dpop-access-token-15',
  dpopProof: jwt({ htm: 'GET', htu: 'https://api.example/data', jti: 'pl4nted-dpop-jti-16' }),
  basicSecret: 'pl4nted-basic-client-secret-17',
  cookie: 'pl4nted-cookie-18',
  setCookie: 'pl4nted-set-cookie-19',
  proxyPassword: 'pl4nted-proxy-password-20',
  queryAccessTokenCamel: 'pl4nted-accessToken-query-21',
  queryAccessTokenEncoded: 'pl4nted-access-token-encoded-22',
  queryTokenSecret: 'pl4nted-oauth-token-secret-23',
  queryVerifier: 'pl4nted-oauth-verifier-24',
  queryApiKey: 'pl4nted-api-key-query-25',
  amzSignature: 'f00dpl4nted0amz0signature026',
  sasSignature: 'pl4nted-azure-sas-sig-27',
  queryKey: 'pl4nted-google-key-param-28',
  idTokenHint: jwt({ sub: 'pl4nted-id-token-hint-29' }),
  code: 'pl4nted-authorization-code-30',
  plainChallenge: 'pl4nted-plain-pkce-challenge-31-abcdefghijklmnopqrstuvwxyz',
  verifier: 'pl4nted-pkce-verifier-32-abcdefghijklmnopqrstuvwxyz0123456789',
  clientSecret: 'pl4nted-client-secret-33',
  clientAssertion: jwt({ iss: 'app', sub: 'app', jti: 'pl4nted-client-assertion-34' }),
  jwtBearerAssertion: jwt({ iss: 'svc', sub: 'user', jti: 'pl4nted-jwt-bearer-35' }),
  deviceCode: 'pl4nted-device-code-36',
  password: 'pl4nted-password-37',
  formSecret: 'pl4nted-form-secret-38',
  pin: '48291376',
  otp: '917364',
  refreshToken: 'pl4nted-refresh-token-41',
  subjectToken: 'pl4nted-subject-token-42',
  revokedToken: 'pl4nted-revoked-token-43',
  jwkD: 'pl4nted-jwk-d-44',
  jwkP: 'pl4nted-jwk-p-45',
  jwkQ: 'pl4nted-jwk-q-46',
  jsonClientSecret: 'pl4nted-json-client-secret-47',
  echoedInError: 'pl4nted-echoed-key-48',
  pemKey: '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANpl4ntedPEM49\n-----END PRIVATE KEY-----',
  sessionHeaderState: 'pl4nted-csrf-token-50',
  responseAccessToken: 'pl4nted-issued-access-token-51',
  responseRefreshToken: 'pl4nted-issued-refresh-token-52',
} as const;

const REDIRECT = 'https://app.example/cb';
const TOKEN_URL = 'https://idp.example/token';
const form = (pairs: Record<string, string>) =>
  Object.entries(pairs)
    .map(([n, v]) => `${pct(n)}=${pct(v)}`)
    .join('&');
const json = (o: object) => JSON.stringify(o);

function plantedHar(): string {
  return harOf([
    {
      url: `https://alice:${pct(S.userinfoPassword)}@idp.example/authorize?response_type=code&client_id=app&redirect_uri=${pct(REDIRECT)}&state=st&code_challenge=${S.plainChallenge}&code_challenge_method=plain&accessToken=${S.queryAccessTokenCamel}&access%5Ftoken=${S.queryAccessTokenEncoded}&api_key=${S.queryApiKey}&key=${S.queryKey}&id_token_hint=${S.idTokenHint}`,
      headers: [
        ['Cookie', `sid=${S.cookie}; theme=dark`],
        ['X-Goog-Api-Key', S.googApiKey],
        ['X-CSRF-Token', S.sessionHeaderState],
      ],
      status: 302,
      responseHeaders: [
        ['Location', `${REDIRECT}?code=${S.code}&state=st`],
        ['Set-Cookie', `session=${S.setCookie}; Path=/; HttpOnly`],
      ],
    },
    {
      url: TOKEN_URL,
      body: form({
        grant_type: 'authorization_code',
        code: S.code,
        redirect_uri: REDIRECT,
        client_id: 'app',
        code_verifier: S.verifier,
        client_secret: S.clientSecret,
      }),
      headers: [
        ['Authorization', `Basic ${b64(`app:${S.basicSecret}`)}`],
        ['X-Auth-Token', S.xAuthToken],
        ['PRIVATE-TOKEN', S.privateToken],
        ['Ocp-Apim-Subscription-Key', S.apimKey],
        ['X-Amz-Security-Token', S.amzSecurityToken],
        ['X-Vault-Token', S.vaultToken],
      ],
      status: 400,
      response: json({
        error: 'invalid_grant',
        error_description: `PKCE verification failed for ${S.verifier}; vault said ${S.vaultToken}`,
      }),
      at: 1,
    },
    {
      url: TOKEN_URL,
      body: form({
        grant_type: 'refresh_token',
        refresh_token: S.refreshToken,
        secret: S.formSecret,
        pin: S.pin,
        otp: S.otp,
      }),
      headers: [
        ['Proxy-Authorization', `Basic ${b64(`proxyuser:${S.proxyPassword}`)}`],
        ['X-Session', S.customSession],
      ],
      status: 400,
      response: json({ error: 'invalid_grant', error_description: `refresh token ${S.refreshToken} was revoked` }),
      at: 2,
    },
    {
      url: TOKEN_URL,
      body: form({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: S.jwtBearerAssertion,
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: S.clientAssertion,
        private_key: S.pemKey,
      }),
      status: 401,
      response: json({ error: 'invalid_client', error_description: `unknown key ${S.echoedInError}` }),
      headers: [
        ['X-Api-Key', S.xApiKey],
        ['X-Client-Key', S.echoedInError],
      ],
      at: 3,
    },
    {
      url: TOKEN_URL,
      body: form({
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        device_code: S.deviceCode,
        client_id: 'app',
        password: S.password,
      }),
      status: 400,
      response: json({ error: 'expired_token' }),
      at: 4,
    },
    {
      url: TOKEN_URL,
      body: form({
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        subject_token: S.subjectToken,
        subject_token_type: 'urn:ietf:params:oauth:token-type:access_token',
      }),
      response: json({
        access_token: S.responseAccessToken,
        refresh_token: S.responseRefreshToken,
        token_type: 'Bearer',
        // A name the list does not know does not make a value public: entry 6's error still echoes it hidden.
        previous_handle: S.revokedToken,
      }),
      at: 5,
    },
    {
      url: 'https://idp.example/revoke',
      body: form({ token: S.revokedToken, token_type_hint: 'refresh_token' }),
      status: 400,
      response: json({ error: 'invalid_request', error_description: `no such token ${S.revokedToken}` }),
      at: 6,
    },
    {
      url: `https://api.example/data?oauth_token_secret=${S.queryTokenSecret}&oauth_verifier=${S.queryVerifier}&X-Amz-Signature=${S.amzSignature}&sig=${S.sasSignature}&oauth_signature_method=PLAINTEXT&oauth_signature=${pct(`${pct(S.plaintextConsumerSecret)}&${pct(S.plaintextTokenSecret)}`)}`,
      headers: [
        ['Authorization', `DPoP ${S.dpopAccessToken}`],
        ['DPoP', S.dpopProof],
      ],
      status: 401,
      responseHeaders: [['WWW-Authenticate', 'DPoP error="invalid_token"']],
      at: 7,
    },
    {
      url: 'https://api.example/me',
      headers: [['Authorization', `Bearer ${S.bearer}`]],
      status: 401,
      response: json({ message: `token ${S.bearer} expired` }),
      at: 8,
    },
    {
      url: TOKEN_URL,
      body: form({ grant_type: 'client_credentials' }),
      headers: [
        [
          'Authorization',
          `OAuth oauth_consumer_key="ck", oauth_signature_method="PLAINTEXT", oauth_signature="${pct(`${pct(S.plaintextHeaderConsumerSecret)}&${pct(S.plaintextHeaderTokenSecret)}`)}"`,
        ],
      ],
      status: 401,
      response: json({
        error: 'invalid_client',
        error_description: `bad jwks ${json({ kty: 'RSA', n: 'AQAB', e: 'AQAB', d: S.jwkD, p: S.jwkP, q: S.jwkQ })}; client_secret ${json({ client_secret: S.jsonClientSecret })}`,
      }),
      at: 9,
    },
  ]);
}

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

/** Every form a value takes in a text: as is, percent-encoded, JSON-escaped, and Basic's base64 of it. */
const shownForms = (value: string) => [
  value,
  encodeURIComponent(value),
  pct(value),
  JSON.stringify(value).slice(1, -1),
];

it('explain --report, explain and explain --json show none of the 52 planted secret shapes', async () => {
  expect(Object.keys(S)).toHaveLength(52);
  dir = mkdtempSync(join(tmpdir(), 'explain-planted-'));
  const har = join(dir, 'planted.har');
  writeFileSync(har, plantedHar());
  const report = await runBuilt(['explain', har, '--report', join(dir, 'out.html')]);
  const asJson = await runBuilt(['explain', har, '--json']);
  expect(report.code, report.err).toBe(0);
  expect(asJson.code, asJson.err).toBe(0);
  const outputs = {
    html: readFileSync(join(dir, 'out.html'), 'utf8'),
    reportJson: readFileSync(join(dir, 'out.json'), 'utf8'),
    text: report.out,
    json: asJson.out,
  };
  // Every entry is in a leg, so each planted value was in the report's reach.
  const parsed = JSON.parse(outputs.reportJson) as { legs: { details: { index: number }[] }[] };
  expect(parsed.legs.flatMap((l) => l.details.map((d) => d.index)).sort((a, b) => a - b)).toEqual([
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
  ]);
  expect(outputs.text).toContain('pkce_verifier_mismatch');
  // OAuth 1.0a's header keeps its public parameters (RFC 5849 §3.5.1); the signature is a fingerprint.
  const oauthHeader = (
    JSON.parse(outputs.reportJson) as { legs: { details: { requestHeaders: [string, string][] }[] }[] }
  ).legs
    .flatMap((l) => l.details.flatMap((d) => d.requestHeaders))
    .find(([n, v]) => n === 'Authorization' && v.startsWith('OAuth '))![1];
  expect(oauthHeader).toMatch(
    /^OAuth oauth_consumer_key="ck", oauth_signature_method="PLAINTEXT", oauth_signature="\[secret [0-9a-f]{12}\]"$/
  );
  for (const [where, text] of Object.entries(outputs)) {
    expect(text, where).not.toMatch(/pl4nted/i);
    for (const [shape, value] of Object.entries(S))
      for (const shown of shownForms(value)) expect(text, `${shape} in ${where}`).not.toContain(shown);
    expect(text, where).not.toContain(b64(`app:${S.basicSecret}`));
    expect(text, where).not.toContain(b64(`proxyuser:${S.proxyPassword}`));
  }
});

it('fingerprints are keyed per report: equal values match within one, and differ between two runs', async () => {
  dir = mkdtempSync(join(tmpdir(), 'explain-salt-'));
  const har = join(dir, 'planted.har');
  writeFileSync(har, plantedHar());
  const codes = async (name: string) => {
    expect((await runBuilt(['explain', har, '--report', join(dir!, name)])).code).toBe(0);
    const r = JSON.parse(readFileSync(join(dir!, name.replace('.html', '.json')), 'utf8')) as {
      legs: { details: { url: string; form: [string, string][] }[] }[];
    };
    return r.legs.flatMap((l) => l.details).flatMap((d) => d.form.filter(([n]) => n === 'code').map(([, v]) => v));
  };
  const first = await codes('a.html');
  const second = await codes('b.html');
  expect(first).toHaveLength(1);
  expect(first[0]).toMatch(/^\[secret [0-9a-f]{12}\]$/);
  expect(second[0]).toMatch(/^\[secret [0-9a-f]{12}\]$/);
  expect(second[0]).not.toBe(first[0]);
});
