import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { harOf } from '../../shared/explain/har-builder';
import { runCli } from './run-cli';
import { scratchDir } from '../../../support/scratch-dir';

const b64 = (s: string) => Buffer.from(s).toString('base64');
const jwt = (claims: object) =>
  `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2lnbmF0dXJlLXBsYW50ZWQ`;
const PEM =
  '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQPLANTED\n-----END PRIVATE KEY-----';

/** One of each kind of secret, planted where real HAR files carry them. */
const SECRETS = {
  clientSecret: 'planted-client-secret-0001',
  code: 'planted-authorization-code-0002',
  verifier: 'planted-code-verifier-0003-abcdefghijklmnopqrstuvwxyz',
  accessToken: 'planted-access-token-0004',
  refreshToken: 'planted-refresh-token-0005',
  idToken: jwt({ sub: 'planted-id-token-0006', nonce: 'n' }),
  cookie: 'planted-cookie-0007',
  setCookie: 'planted-set-cookie-0008',
  assertion: jwt({ iss: 'app', sub: 'app', jti: 'planted-assertion-0009' }),
  basicSecret: 'planted-basic-secret-0010',
  password: 'planted-password-0011',
  dpop: jwt({ htm: 'GET', jti: 'planted-dpop-0012' }),
  privateKey: PEM,
};

it('the report (HTML and JSON) holds no secret, the same value gets the same fingerprint, server text is escaped', async () => {
  const s = SECRETS;
  const redirect = 'https://app.example/cb';
  const har = harOf([
    {
      url: `https://idp.example/authorize?response_type=code&client_id=app&redirect_uri=${encodeURIComponent(redirect)}&state=st`,
      headers: [['Cookie', `sid=${s.cookie}; theme=dark`]],
      status: 302,
      responseHeaders: [
        ['Location', `${redirect}?code=${s.code}&state=st`],
        ['Set-Cookie', `session=${s.setCookie}; Path=/; HttpOnly`],
      ],
    },
    {
      url: 'https://idp.example/token',
      body: `grant_type=authorization_code&code=${s.code}&redirect_uri=${encodeURIComponent(redirect)}&code_verifier=${s.verifier}&client_id=app&client_secret=${s.clientSecret}`,
      response: JSON.stringify({
        access_token: s.accessToken,
        refresh_token: s.refreshToken,
        id_token: s.idToken,
        token_type: 'Bearer',
      }),
      at: 1,
    },
    {
      url: 'https://idp.example/token',
      body: `grant_type=authorization_code&code=${s.code}&redirect_uri=${encodeURIComponent(redirect)}&client_assertion_type=urn%3Aietf%3Aparams%3Aoauth%3Aclient-assertion-type%3Ajwt-bearer&client_assertion=${s.assertion}`,
      status: 400,
      response: JSON.stringify({
        error: 'invalid_grant',
        error_description: `<img src=x onerror=alert(1)> ${s.privateKey}`,
      }),
      at: 2,
    },
    {
      url: 'https://idp.example/token',
      body: `grant_type=password&username=demo&password=${s.password}&private_key=${encodeURIComponent(s.privateKey)}`,
      headers: [['Authorization', `Basic ${b64(`app:${s.basicSecret}`)}`]],
      status: 401,
      response: JSON.stringify({ error: 'invalid_client' }),
      at: 3,
    },
    {
      url: 'https://api.example/me',
      headers: [
        ['Authorization', `DPoP ${s.accessToken}`],
        ['DPoP', s.dpop],
      ],
      status: 401,
      responseHeaders: [['WWW-Authenticate', 'DPoP error="invalid_dpop_proof"']],
      at: 4,
    },
  ]);
  const dir = scratchDir('explain-report-');
  writeFileSync(join(dir, 'planted.har'), har);
  const r = await runCli(['explain', join(dir, 'planted.har'), '--report', join(dir, 'out.html'), '--json']);
  expect(r.code).toBe(0);
  const html = readFileSync(join(dir, 'out.html'), 'utf8');
  const json = readFileSync(join(dir, 'out.json'), 'utf8');
  for (const [kind, value] of Object.entries(s)) {
    for (const shown of [value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)]) {
      expect(html, kind).not.toContain(shown);
      expect(json, kind).not.toContain(shown);
      expect(r.out, kind).not.toContain(shown);
    }
  }
  expect(html).not.toContain(b64(`app:${s.basicSecret}`));
  expect(html).not.toContain('PLANTED');
  // The code of entry 1 and entry 2 is the same value: one fingerprint, visible in both.
  const report = JSON.parse(json) as {
    legs: { details: { index: number; form: [string, string][] }[] }[];
    causes: { id: string; evidence: string }[];
  };
  const codes = report.legs
    .flatMap((l) => l.details)
    .flatMap((d) => d.form.filter(([n]) => n === 'code').map(([, v]) => v));
  expect(codes).toHaveLength(2);
  expect(codes[0]).toMatch(/^\[secret [0-9a-f]{12}\]$/);
  expect(codes[1]).toBe(codes[0]);
  expect(report.causes.find((c) => c.id === 'code_reused')!.evidence).toContain(codes[0]);
  // Self-contained, and the server's markup is shown as text.
  expect(html).not.toMatch(/<(link|img|iframe|script)\b(?! type="application\/json")/i);
  const markup = html.replace(/<script type="application\/json" id="report">[^<]*<\/script>/, '');
  expect(markup).not.toMatch(/<[a-z]+[^>]*\b(src|href)=|@import|url\(/i);
  expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
});
