import { describe, expect, it } from 'vitest';
import { exportRequest, type ExportSource } from '../../../../host/export';
import type { SignatureInput } from '../../../../shared/oauth1';
import { percentEncode } from '../../../../shared/percent-encoding';

const base: SignatureInput = {
  method: 'GET',
  url: 'http://127.0.0.1:9/api/v1/me?fields=name',
  consumerKey: 'ck',
  consumerSecret: 'consumer+secret/ü',
  token: 'tk',
  tokenSecret: 'token secret&',
  signatureMethod: 'HMAC-SHA1',
  nonce: 'n0nce',
  timestamp: '1700000000',
};
const oauth1 = (s: Partial<SignatureInput> = {}): ExportSource => ({ kind: 'oauth1', signing: { ...base, ...s } });
const text = (target: string, source: ExportSource, includeSecrets = false) =>
  exportRequest({ target, source, includeSecrets }).text;

describe('PLAINTEXT: the signature is the secrets (RFC 5849 §3.4.4), so snapshots leave it out', () => {
  const plaintext = { signatureMethod: 'PLAINTEXT' as const };
  const wire = percentEncode(`${percentEncode(base.consumerSecret!)}&${percentEncode(base.tokenSecret!)}`);
  it("in the Authorization header, the placeholder keeps the signature's shape", () => {
    const r = exportRequest({ target: 'curl', source: oauth1(plaintext) });
    expect(r.text).toContain('oauth_signature="YOUR_CONSUMER_SECRET%26YOUR_TOKEN_SECRET"');
    expect(r.text).not.toContain(wire);
    expect(r.placeholders).toEqual(['YOUR_CONSUMER_SECRET', 'YOUR_TOKEN_SECRET']);
    expect(r.notes).toContain('Secrets are left out; fill in YOUR_CONSUMER_SECRET, YOUR_TOKEN_SECRET.');
  });
  it('in the query and in the form body', () => {
    expect(text('raw-http', oauth1({ ...plaintext, placement: 'query' }))).toMatch(
      /^GET \/api\/v1\/me\?fields=name&oauth_consumer_key=ck&.*&oauth_signature=YOUR_CONSUMER_SECRET%26YOUR_TOKEN_SECRET HTTP\/1\.1\r\n/
    );
    const body = text(
      'raw-http',
      oauth1({
        ...plaintext,
        placement: 'body',
        method: 'POST',
        body: 'a=1',
        contentType: 'application/x-www-form-urlencoded',
      })
    );
    expect(body.endsWith('&oauth_signature=YOUR_CONSUMER_SECRET%26YOUR_TOKEN_SECRET')).toBe(true);
    expect(body).not.toContain(wire);
  });
  it('without a token secret only the consumer secret is missing; with neither there is nothing to hide', () => {
    expect(text('curl', oauth1({ ...plaintext, tokenSecret: null }))).toContain(
      'oauth_signature="YOUR_CONSUMER_SECRET%26"'
    );
    const none = exportRequest({
      target: 'curl',
      source: oauth1({ ...plaintext, consumerSecret: '', tokenSecret: null }),
    });
    expect(none.text).toContain('oauth_signature="%26"');
    expect(none.placeholders).toEqual([]);
  });
  it('in a .http file, as variables the user defines in the environment', () => {
    const t = text('http-file', oauth1(plaintext));
    expect(t).toContain('oauth_signature="{{consumer_secret}}%26{{token_secret}}"');
    expect(t).toMatch(/^# Secrets left out: consumer_secret, token_secret\. Define them in your environment/m);
  });
  it('included on request', () => {
    expect(text('curl', oauth1(plaintext), true)).toContain(`oauth_signature="${wire}"`);
  });
});

describe('HMAC and RSA snapshots carry no secret: including them changes nothing', () => {
  it.each(['curl', 'python-requests', 'raw-http', 'har'])('%s', (target) => {
    const a = exportRequest({ target, source: oauth1() });
    const b = exportRequest({ target, source: oauth1(), includeSecrets: true });
    if (target !== 'har') expect(a.text).toBe(b.text); // HAR stamps the export time
    expect(a.placeholders).toEqual([]);
  });
});

describe('other requests: secrets recognised by where protocols put them', () => {
  const basic = `Basic ${Buffer.from('cid:client-secret').toString('base64')}`;
  const tokenRequest: ExportSource = {
    kind: 'request',
    request: {
      method: 'POST',
      url: 'http://h/token?client_secret=in-query',
      headers: [
        ['Authorization', basic],
        ['Content-Type', 'application/x-www-form-urlencoded'],
      ],
      body: 'grant_type=refresh_token&refresh_token=rt-1234&client_id=cid&client_secret=client-secret',
    },
  };
  it('HTTP Basic, and the client_secret and refresh_token fields in the query and the form body', () => {
    const r = exportRequest({ target: 'raw-http', source: tokenRequest });
    expect(r.text).toContain('POST /token?client_secret=YOUR_CLIENT_SECRET HTTP/1.1');
    expect(r.text).toContain('Authorization: Basic YOUR_BASIC_CREDENTIALS');
    expect(
      r.text.endsWith(
        'grant_type=refresh_token&refresh_token=YOUR_REFRESH_TOKEN&client_id=cid&client_secret=YOUR_CLIENT_SECRET'
      )
    ).toBe(true);
    expect(r.placeholders).toEqual(['YOUR_CLIENT_SECRET', 'YOUR_BASIC_CREDENTIALS', 'YOUR_REFRESH_TOKEN']);
    expect(exportRequest({ target: 'raw-http', source: tokenRequest, includeSecrets: true }).text).toContain(basic);
  });
  it('JSON fields, and known values wherever they occur (not when shorter than 4 characters)', () => {
    const source: ExportSource = {
      kind: 'request',
      request: {
        method: 'POST',
        url: 'http://h/x',
        headers: [
          ['Content-Type', 'application/json'],
          ['X-Key', 'sk-live-1234'],
        ],
        body: '{"client_secret":"abc\\"d","note":"sk-live-1234 and xyz"}',
      },
    };
    const r = exportRequest({
      target: 'raw-http',
      source,
      secrets: [
        { name: 'client_secret', value: 'sk-live-1234' },
        { name: 'consumer_secret', value: 'xyz' },
      ],
    });
    expect(r.text).toContain('X-Key: YOUR_CLIENT_SECRET');
    expect(r.text).toContain('{"client_secret":"YOUR_CLIENT_SECRET","note":"YOUR_CLIENT_SECRET and xyz"}');
  });
});
