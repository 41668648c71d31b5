import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  EXPORT_TARGETS,
  ExportError,
  exportRequest,
  findTarget,
  targetsFor,
  type ExportSource,
} from '../../../../host/export';
import type { SignatureInput } from '../../../../shared/oauth1';
import { percentEncode } from '../../../../shared/percent-encoding';

describe('EXPORT_TARGETS', () => {
  it('lists every export target, each id once', () => {
    const ids = EXPORT_TARGETS.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([
      'curl',
      'httpie',
      'wget',
      'javascript-fetch',
      'node-http',
      'python-requests',
      'go',
      'java',
      'php',
      'ruby',
      'csharp',
      'powershell',
      'raw-http',
      'python-oauth1',
      'node-oauth1',
      'java-oauth1',
      'python-oauth2',
      'node-oauth2',
      'postman',
      'http-file',
      'har',
    ]);
    expect(
      Object.fromEntries(
        ['snapshot', 'signing-code', 'collection', 'har'].map((k) => [
          k,
          EXPORT_TARGETS.filter((t) => t.kind === k).length,
        ])
      )
    ).toEqual({ snapshot: 13, 'signing-code': 5, collection: 2, har: 1 });
    for (const t of EXPORT_TARGETS) expect(t.label.length, t.id).toBeGreaterThan(2);
  });
  it('offers for each kind of request what can express it', () => {
    expect(targetsFor('oauth1').map((t) => t.id)).not.toEqual(expect.arrayContaining(['python-oauth2']));
    expect(targetsFor('oauth1').map((t) => t.id)).toEqual(
      expect.arrayContaining(['python-oauth1', 'node-oauth1', 'java-oauth1'])
    );
    expect(targetsFor('oauth2').map((t) => t.id)).toEqual(
      expect.arrayContaining(['python-oauth2', 'node-oauth2', 'curl', 'postman'])
    );
    expect(targetsFor('request').filter((t) => t.kind === 'signing-code')).toEqual([]);
  });
  it('an unknown target or one that cannot express the request is an ExportError that lists the choices', () => {
    expect(() => findTarget('xml', 'oauth1')).toThrow(ExportError);
    expect(() => findTarget('xml', 'oauth1')).toThrow(
      /Unknown export target "xml"; expected one of curl, httpie, wget,/
    );
    expect(() => findTarget('python-oauth2', 'oauth1')).toThrow(
      /cannot export an OAuth 1\.0a request; pick one of curl, .*python-oauth1/
    );
    try {
      findTarget('node-oauth1', 'request');
    } catch (e) {
      expect((e as ExportError).code).toBe('wrong_source');
    }
  });
  it('signing code says what it cannot do instead of doing something else', () => {
    const s: SignatureInput = {
      method: 'POST',
      url: 'http://h/x',
      body: '{}',
      contentType: 'application/json',
      includeBodyHash: true,
      consumerKey: 'k',
      consumerSecret: 's',
      signatureMethod: 'HMAC-SHA1',
      nonce: 'n',
      timestamp: '1',
    };
    expect(() => exportRequest({ target: 'node-oauth1', source: { kind: 'oauth1', signing: s } })).toThrow(
      /does not compute oauth_body_hash/
    );
    const extra = {
      ...s,
      body: undefined,
      contentType: undefined,
      includeBodyHash: false,
      extraOauthParams: [['oauth_session_handle', 'h']] as const,
    };
    expect(() => exportRequest({ target: 'python-oauth1', source: { kind: 'oauth1', signing: extra } })).toThrow(
      /requests-oauthlib cannot send extra protocol parameters \(oauth_session_handle\)/
    );
    expect(exportRequest({ target: 'node-oauth1', source: { kind: 'oauth1', signing: extra } }).text).toContain(
      '["oauth_session_handle", "h"],'
    );
    expect(() =>
      exportRequest({
        target: 'python-oauth2',
        source: { kind: 'oauth2', request: { method: 'GET', url: 'http://h/', headers: [] } },
      })
    ).toThrow(/no bearer token/);
  });
});

/**
 * Design §5: every export, for every kind of request, leaves the secrets out unless asked, in every form they
 * take on the wire or in code (as they are, percent-encoded once or twice, in base64 Basic credentials, escaped
 * in a Java string).
 */
const key = generateKeyPairSync('rsa', {
  modulusLength: 1024,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
}).privateKey;
const CONSUMER_SECRET = 'consumer+secret/ü';
const TOKEN_SECRET = 'token-secret&=';
const CLIENT_SECRET = 'client secret$';
const REFRESH_TOKEN = 'rt-REFRESH-7890';
const signing: SignatureInput = {
  method: 'POST',
  url: 'http://127.0.0.1:9/api/v1/me?fields=name',
  body: 'status=Hello',
  contentType: 'application/x-www-form-urlencoded',
  consumerKey: 'ck',
  consumerSecret: CONSUMER_SECRET,
  token: 'tk',
  tokenSecret: TOKEN_SECRET,
  signatureMethod: 'HMAC-SHA1',
  nonce: 'n0nce',
  timestamp: '1700000000',
  realm: 'r',
};
const bearer = {
  method: 'GET',
  url: 'http://127.0.0.1:9/api/v2/me',
  headers: [['Authorization', 'Bearer at-123']] as const,
};
const SOURCES: [string, ExportSource][] = [
  ['OAuth 1.0a HMAC-SHA1', { kind: 'oauth1', signing }],
  ['OAuth 1.0a PLAINTEXT in the header', { kind: 'oauth1', signing: { ...signing, signatureMethod: 'PLAINTEXT' } }],
  [
    'OAuth 1.0a PLAINTEXT in the query',
    { kind: 'oauth1', signing: { ...signing, signatureMethod: 'PLAINTEXT', placement: 'query' } },
  ],
  [
    'OAuth 1.0a PLAINTEXT in the body',
    { kind: 'oauth1', signing: { ...signing, signatureMethod: 'PLAINTEXT', placement: 'body' } },
  ],
  [
    'OAuth 1.0a RSA-SHA256',
    { kind: 'oauth1', signing: { ...signing, signatureMethod: 'RSA-SHA256', privateKeyPem: key } },
  ],
  [
    'OAuth 2, client_secret_post',
    {
      kind: 'oauth2',
      request: bearer,
      refreshToken: REFRESH_TOKEN,
      tokenUrl: 'http://127.0.0.1:9/oauth/v2/token',
      clientId: 'cid',
      clientSecret: CLIENT_SECRET,
    },
  ],
  [
    'OAuth 2, HTTP Basic',
    {
      kind: 'oauth2',
      request: bearer,
      refreshToken: REFRESH_TOKEN,
      tokenUrl: 'http://127.0.0.1:9/oauth/v2/token',
      clientId: 'cid',
      clientSecret: CLIENT_SECRET,
      clientAuthentication: 'basic',
    },
  ],
  [
    'a refresh request (form fields)',
    {
      kind: 'request',
      request: {
        method: 'POST',
        url: 'http://127.0.0.1:9/oauth/v2/token',
        headers: [['Content-Type', 'application/x-www-form-urlencoded']],
        body: `grant_type=refresh_token&refresh_token=${percentEncode(REFRESH_TOKEN)}&client_id=cid&client_secret=${percentEncode(CLIENT_SECRET)}`,
      },
    },
  ],
  [
    'a refresh request (HTTP Basic)',
    {
      kind: 'request',
      request: {
        method: 'POST',
        url: 'http://127.0.0.1:9/oauth/v2/token',
        headers: [
          ['Authorization', `Basic ${Buffer.from(`cid:${CLIENT_SECRET}`).toString('base64')}`],
          ['Content-Type', 'application/x-www-form-urlencoded'],
        ],
        body: `grant_type=refresh_token&refresh_token=${REFRESH_TOKEN}`,
      },
    },
  ],
];
const javaEscaped = (s: string) =>
  JSON.stringify(s)
    .slice(1, -1)
    .replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const forms = (secret: string) => [
  secret,
  percentEncode(secret),
  percentEncode(percentEncode(secret)),
  encodeURIComponent(secret),
  JSON.stringify(secret).slice(1, -1),
  javaEscaped(secret),
];
const SECRET_FORMS = [CONSUMER_SECRET, TOKEN_SECRET, CLIENT_SECRET, REFRESH_TOKEN].flatMap(forms);
const KEY_BODY = key.split('\n')[1]!; // a line of the key's base64

describe('no export holds a secret unless the user includes them', () => {
  for (const [name, source] of SOURCES) {
    it.each(targetsFor(source.kind).map((t) => t.id))(`${name}: %s`, (target) => {
      const result = exportRequest({ target, source });
      expect(result.secretsIncluded).toBe(false);
      for (const secret of SECRET_FORMS)
        expect(result.text, `${target} holds ${JSON.stringify(secret)}`).not.toContain(secret);
      expect(result.text).not.toContain(Buffer.from(`cid:${CLIENT_SECRET}`).toString('base64'));
      expect(result.text).not.toContain(KEY_BODY);
      for (const p of result.placeholders) expect(result.text, `${target} lists ${p}`).toContain(p);
    });
  }
  it('included, they are where the code needs them', () => {
    const oauth1 = SOURCES[0]![1];
    for (const target of ['python-oauth1', 'node-oauth1', 'postman']) {
      const t = exportRequest({ target, source: oauth1, includeSecrets: true });
      expect(t.secretsIncluded).toBe(true);
      expect(t.placeholders).toEqual([]);
      expect(t.text, target).toContain(CONSUMER_SECRET);
      expect(t.text, target).toContain(TOKEN_SECRET);
    }
    expect(exportRequest({ target: 'java-oauth1', source: oauth1, includeSecrets: true }).text).toContain(
      javaEscaped(CONSUMER_SECRET)
    );
    expect(exportRequest({ target: 'node-oauth1', source: SOURCES[4]![1], includeSecrets: true }).text).toContain(
      KEY_BODY
    );
    for (const target of ['python-oauth2', 'node-oauth2']) {
      const t = exportRequest({ target, source: SOURCES[5]![1], includeSecrets: true }).text;
      expect(t).toContain(CLIENT_SECRET);
      expect(t).toContain(REFRESH_TOKEN);
    }
  });
});
