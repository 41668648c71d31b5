import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secrets } from '../../../host/export/secrets';
import { printTokens } from '../../../host/cli/flow/print-tokens';
import { nodeCrypto, nodeRandom } from '../../../platform/node/node-crypto';
import type { ProviderEvent } from '../../../mock-provider';
import { maskExchange } from '../../../renderer/components/mask';
import { explainHar } from '../../../shared/explain/explain';
import { fingerprinter } from '../../../shared/explain/fingerprint';
import { readHar } from '../../../shared/explain/har-read';
import { buildReport } from '../../../shared/explain/report';
import { PUBLIC_NAMES } from '../../../shared/explain/report-public';
import type { Exchange } from '../../../shared/http';
import {
  FORM_SECRET_PARAMETERS,
  PRIVATE_JWK_MEMBERS,
  SECRET_HEADERS,
  SECRET_PARAMETERS,
  isSecretParameter,
} from '../../../shared/secrets';
import { harOf } from './explain/har-builder';
import { Harness } from '../mock-provider/helpers';

/**
 * The one list of secrets (shared/secrets.ts) and each of its consumers: the mock's events, the
 * CLI's output, the exports, the explain report and the app's masks hide every entry, in the places the entry
 * lives (a form, a query, JSON, a header).
 */
const valueOf = (name: string) => `v4lue-of-${name.replace(/[^a-z0-9]/gi, '')}-0123456789`;
const FORM_NAMES = [...SECRET_PARAMETERS, ...FORM_SECRET_PARAMETERS];
const formBody = FORM_NAMES.map((n) => `${n}=${valueOf(n)}`).join('&');
const jsonBody = JSON.stringify(Object.fromEntries(SECRET_PARAMETERS.map((n) => [n, valueOf(n)])));
const headerValue = (h: string) => (h.endsWith('authorization') ? `Bearer ${valueOf(h)}` : valueOf(h));
const headers = SECRET_HEADERS.filter((h) => h !== 'set-cookie').map((h) => [h, headerValue(h)] as [string, string]);
const cookieValue = (h: string) => `sid=${valueOf(h)}`;
const requestHeaders = headers.map(([h, v]): [string, string] => [h, h === 'cookie' ? cookieValue(h) : v]);

/** Every planted value the text must not hold. */
function expectHidden(text: string, names: readonly string[], where: string) {
  for (const n of names) expect(text, `${n} in ${where}`).not.toContain(valueOf(n));
}

describe('the list', () => {
  it('has no public name of the report among its secrets, and reads every spelling of a name', () => {
    for (const name of PUBLIC_NAMES.parameters) expect(isSecretParameter(name, 'form'), name).toBe(false);
    for (const name of PUBLIC_NAMES.headers) expect(SECRET_HEADERS as readonly string[]).not.toContain(name);
    for (const kind of ['access_token', 'refresh_token', 'id_token', 'oauth_token_secret'])
      expect(SECRET_PARAMETERS as readonly string[]).toContain(kind);
    for (const spelling of ['access_token', 'accessToken', 'ACCESS-TOKEN', 'access%5Ftoken', 'AccessToken'])
      expect(isSecretParameter(spelling, 'json'), spelling).toBe(true);
    expect(isSecretParameter('code', 'json')).toBe(false);
    expect(isSecretParameter('code', 'form')).toBe(true);
    expect(isSecretParameter('oauth_token', 'form')).toBe(false);
  });
});

describe('each consumer hides every entry', () => {
  const h = new Harness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it("the mock's events, over a real socket: form and JSON bodies, query, headers", async () => {
    const seen: ProviderEvent[] = [];
    const off = h.provider.subscribe((e) => seen.push(e));
    try {
      const common = Object.fromEntries(requestHeaders);
      await h.send({
        method: 'POST',
        path: `/oauth/v2/token?${formBody}`,
        headers: { ...common, 'content-type': 'application/x-www-form-urlencoded' },
        body: formBody,
      });
      await h.send({
        method: 'POST',
        path: '/oauth/v2/token',
        headers: { 'content-type': 'application/json' },
        body: jsonBody,
      });
      await expect.poll(() => seen.length).toBeGreaterThanOrEqual(2);
    } finally {
      off();
    }
    const text = JSON.stringify(seen);
    expectHidden(text, [...FORM_NAMES, ...SECRET_HEADERS.filter((x) => x !== 'set-cookie')], 'the mock events');
  });

  it("the CLI's masked token output", () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (d) => (text += d));
    printTokens(out, JSON.parse(jsonBody) as Record<string, unknown>, 'masked');
    expectHidden(text, SECRET_PARAMETERS, 'the CLI output');
  });

  it('the exports (every target goes through Secrets): request and HAR response', () => {
    const secrets = new Secrets(false, 'code');
    const request = secrets.request({
      method: 'POST',
      url: `https://idp.example/token?${formBody}`,
      headers: [...requestHeaders, ['content-type', 'application/x-www-form-urlencoded']],
      body: formBody,
    });
    const response = secrets.response({
      status: 200,
      statusText: 'OK',
      headers: [['set-cookie', `${cookieValue('set-cookie')}; Path=/`]],
      bodyText: jsonBody,
      bodySize: jsonBody.length,
    });
    const text = JSON.stringify({ request, response });
    expectHidden(text, [...FORM_NAMES, ...SECRET_HEADERS], 'the export');
  });

  it('the explain report and its causes', () => {
    const jwk = Object.fromEntries(PRIVATE_JWK_MEMBERS.map((m) => [m, valueOf(m)]));
    const har = readHar(
      harOf([
        {
          url: `https://idp.example/token?${formBody}`,
          body: `grant_type=authorization_code&${formBody}`,
          headers: requestHeaders,
          status: 400,
          response: JSON.stringify({ error: 'invalid_grant', error_description: `${jsonBody} ${JSON.stringify(jwk)}` }),
        },
      ])
    );
    const fp = fingerprinter(nodeCrypto, nodeRandom);
    const report = buildReport(har, explainHar(har, nodeCrypto, fp), fp);
    expect(report.legs).toHaveLength(1);
    expectHidden(JSON.stringify(report), [...FORM_NAMES, ...SECRET_HEADERS, ...PRIVATE_JWK_MEMBERS], 'the report');
  });

  it("the app's masks (history, exchanges)", () => {
    const exchange: Exchange = {
      request: {
        method: 'POST',
        url: `https://idp.example/token?${formBody}`,
        headers: [...requestHeaders, ['content-type', 'application/x-www-form-urlencoded']],
        body: formBody,
      },
      response: {
        status: 200,
        statusText: 'OK',
        headers: [['set-cookie', `${cookieValue('set-cookie')}; Path=/`]],
        bodyText: jsonBody,
        bodySize: jsonBody.length,
      },
      timings: { connect: null, tls: null, firstByte: 1, total: 1 },
      startedAt: 0,
    };
    const { exchange: masked, changed } = maskExchange(exchange);
    expect(changed).toBe(true);
    expectHidden(JSON.stringify(masked), [...FORM_NAMES, ...SECRET_HEADERS], 'the app mask');
  });
});
