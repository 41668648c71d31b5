import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportHar } from '../../../../host/export';
import { configSchema } from '../../../../mock-provider/load-config';
import { MockProvider } from '../../../../mock-provider/server';
import { basic, HarRecorder, type ExplainJson } from './explain-recorder';
import { runCli } from './run-cli';

/**
 * History → Export HAR leaves secrets out; `oauth-lab explain` must still tell two codes apart. Real
 * exchanges with the mock, exported as the History exports them, explained by the CLI.
 */
const REDIRECT = 'http://127.0.0.1:8765/callback';
const CLIENT = { id: 'history-client', secret: 'history-client-secret' };
let mock: MockProvider;
let dir = '';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'explain-history-'));
  const config = configSchema.parse({ oauth2: { clients: [{ ...CLIENT, redirectUris: [REDIRECT] }] } });
  mock = new MockProvider({ config, autoLoginUser: 'demo' });
  await mock.start({ port: 0 });
});
afterAll(async () => {
  await mock.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** One code flow; the token request sends `sentVerifier` when given, else the right one. */
async function codeFlow(rec: HarRecorder, sentVerifier?: string) {
  const verifier = randomBytes(32).toString('base64url');
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT.id,
    redirect_uri: REDIRECT,
    state: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const x = await rec.get(`${mock.baseUrl}/oauth/v2/authorize?${q}`);
  const location = x.response.headers.find(([n]) => n.toLowerCase() === 'location')![1];
  const code = new URL(location).searchParams.get('code')!;
  await rec.post(`${mock.baseUrl}/oauth/v2/token`, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    code_verifier: sentVerifier ?? verifier,
    client_id: CLIENT.id,
    client_secret: CLIENT.secret,
  });
  return code;
}

async function explain(name: string, text: string): Promise<ExplainJson> {
  const file = join(dir, name);
  writeFileSync(file, text);
  const { code, out, err } = await runCli(['explain', file, '--json']);
  expect(code, err).toBe(0);
  return JSON.parse(out) as ExplainJson;
}

const failedLeg = (e: ExplainJson) => e.legs.findIndex((l) => !l.ok);
const idsOf = (e: ExplainJson, leg: number) => e.causes.filter((c) => c.leg === leg).map((c) => c.id);

describe('the History exported as HAR, secrets left out, explained', () => {
  it('two codes keep two placeholders: a wrong PKCE verifier is pkce_verifier_mismatch, not code_reused', async () => {
    const rec = new HarRecorder();
    const first = await codeFlow(rec);
    const second = await codeFlow(rec, randomBytes(32).toString('base64url'));
    expect(rec.exchanges.at(-1)!.response.status).toBe(400);
    // Newest first, as the History lists them.
    const { text } = exportHar({ entries: [...rec.exchanges].reverse() });
    for (const code of [first, second]) expect(text).not.toContain(code);
    const placeholders = new Set(text.match(/YOUR_AUTHORIZATION_CODE_[0-9a-f]{12}/g));
    // Each code twice (the redirect's Location and HAR's redirectURL, and the token request), two distinct values.
    expect(placeholders.size).toBe(2);

    const e = await explain('history.har', text);
    const leg = failedLeg(e);
    expect(e.legs[leg]!.kind).toBe('token');
    expect(idsOf(e, leg)[0]).toBe('pkce_verifier_mismatch');
    expect(idsOf(e, leg)).not.toContain('code_reused');
  });

  it('the History alone (token requests, no authorization leg): no code_reused', async () => {
    const rec = new HarRecorder();
    await codeFlow(rec);
    await codeFlow(rec, randomBytes(32).toString('base64url'));
    const tokenLegs = rec.exchanges.filter((x) => x.request.method === 'POST');
    const e = await explain('tokens.har', exportHar({ entries: tokenLegs }).text);
    expect(e.legs.map((l) => [l.kind, l.ok])).toEqual([
      ['token', true],
      ['token', false],
    ]);
    expect(idsOf(e, 1)).not.toContain('code_reused');
  });

  it('one placeholder for every code (an older export): it says it cannot tell, and names no code_reused', async () => {
    const rec = new HarRecorder();
    await codeFlow(rec);
    await codeFlow(rec, randomBytes(32).toString('base64url'));
    const tagged = exportHar({ entries: rec.exchanges }).text;
    const bare = tagged.replace(/(YOUR_[A-Z_]+)_[0-9a-f]{12}/g, '$1');
    expect(bare).toContain('code=YOUR_AUTHORIZATION_CODE&');
    const e = await explain('bare.har', bare);
    const leg = failedLeg(e);
    expect(idsOf(e, leg)).toEqual(['unknown']);
    expect(e.causes.find((c) => c.leg === leg)!.evidence).toContain(
      'a placeholder: the file was exported with its secrets left out and one placeholder for every value'
    );
  });

  it('Basic credentials left out are still Basic: a wrong secret is not "no client credentials"', async () => {
    const rec = new HarRecorder();
    await rec.post(`${mock.baseUrl}/oauth/v2/token`, { grant_type: 'client_credentials' }, [
      ['Authorization', basic(CLIENT.id, 'not-the-secret')],
    ]);
    expect(rec.exchanges[0]!.response.status).toBe(401);
    const e = await explain('basic.har', exportHar({ entries: rec.exchanges }).text);
    expect(idsOf(e, 0)[0]).toBe('client_authentication_failed');
    expect(idsOf(e, 0)).not.toContain('client_auth_method_mismatch');
  });

  it('a code sent twice keeps one placeholder: still code_reused', async () => {
    const rec = new HarRecorder();
    const code = await codeFlow(rec);
    const [, token] = rec.exchanges;
    await rec.send(token!.request);
    expect(rec.exchanges.at(-1)!.response.status).toBe(400);
    const { text } = exportHar({ entries: rec.exchanges });
    expect(text).not.toContain(code);
    const e = await explain('reused.har', text);
    expect(idsOf(e, failedLeg(e))[0]).toBe('code_reused');
  });
});
