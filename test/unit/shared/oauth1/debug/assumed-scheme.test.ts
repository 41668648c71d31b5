import { describe, expect, it } from 'vitest';
import { nodeCrypto } from '../../../../../platform/node/node-crypto';
import type { RawRequest } from '../../../../../shared/http';
import type { SignatureInput } from '../../../../../shared/oauth1';
import { assumeScheme, diagnoseSignature, parseRawHttpRequest } from '../../../../../shared/oauth1/debug';
import { withMistake } from './helpers';

/**
 * A raw HTTP request does not show its scheme, yet the scheme is signed (RFC 5849 §3.4.1.2): without one given, a
 * loopback host is read as http and any other as https, the request says what was assumed, and a signature made with
 * the other scheme is blamed on the guess, not on the client.
 */
const secrets = { consumerSecret: 'cs', tokenSecret: 'ts' };
const signedFor = (url: string, mistake: Parameters<typeof withMistake>[1] = {}): RawRequest =>
  withMistake(
    {
      method: 'POST',
      url,
      body: 'status=Hello%20world',
      contentType: 'application/x-www-form-urlencoded',
      consumerKey: 'ck',
      consumerSecret: secrets.consumerSecret,
      token: 'tk',
      tokenSecret: secrets.tokenSecret,
      signatureMethod: 'HMAC-SHA1',
      nonce: 'n0nce',
      timestamp: '1700000000',
    } satisfies SignatureInput,
    mistake
  );
/** The request as HTTP/1.1 text: origin-form target and a Host header, so the scheme is nowhere in it. */
const rawOf = (r: RawRequest) => {
  const u = new URL(r.url);
  return [
    `${r.method} ${u.pathname}${u.search} HTTP/1.1`,
    `Host: ${u.host}`,
    ...r.headers.map(([n, v]) => `${n}: ${v}`),
    '',
    r.body ?? '',
  ].join('\r\n');
};
const bodyLeftOut = {
  baseString: (t: { baseString: string }) => t.baseString.replace(/%26status%3DHello%2520world/, ''),
};

describe('the scheme of a raw request', () => {
  it.each(['127.0.0.1:4010', '127.8.0.1', 'localhost:8080', '[::1]:9000'])(
    'is http for the loopback host %s',
    (host) => {
      expect(assumeScheme(host)).toEqual({
        scheme: 'http',
        note: expect.stringMatching(/http is assumed, as .* is a loopback host/),
      });
    }
  );
  it.each(['api.x.com', '127.0.0.1.nip.io', '10.0.0.1'])('is https for %s', (host) => {
    expect(assumeScheme(host)).toEqual({ scheme: 'https', note: expect.stringMatching(/https is assumed/) });
  });

  it('a request to 127.0.0.1 signed over http matches, and says http was assumed', () => {
    const request = parseRawHttpRequest(rawOf(signedFor('http://127.0.0.1:4010/1/statuses/update.json')));
    expect(request.url).toBe('http://127.0.0.1:4010/1/statuses/update.json');
    expect(request.assumedScheme?.scheme).toBe('http');
    const d = diagnoseSignature({ request, ...secrets }, nodeCrypto);
    expect(d.verdict).toBe('match');
  });

  it('a loopback request with its body left out names that one cause, not a second "another scheme"', () => {
    const request = parseRawHttpRequest(rawOf(signedFor('http://127.0.0.1:4010/1/statuses/update.json', bodyLeftOut)));
    const d = diagnoseSignature({ request, ...secrets }, nodeCrypto);
    expect(d.verdict).toBe('mismatch');
    expect(d.causes.map((c) => c.cause)).toEqual(['body-left-out']);
  });

  it('a wrong guess is named as the guess: https assumed for a request signed over http', () => {
    const request = parseRawHttpRequest(rawOf(signedFor('http://api.example.com/1/statuses/update.json')));
    expect(request.assumedScheme?.scheme).toBe('https');
    const d = diagnoseSignature({ request, ...secrets }, nodeCrypto);
    expect(d.verdict).toBe('mismatch');
    expect(d.causes.map((c) => c.cause)).toEqual(['scheme-assumed']);
    expect(d.causes[0]!.details[0]).toMatch(/made with http:\/\/, not the https:\/\/ assumed.*Choose http/);
    // Chosen, the scheme is no guess: the same request is then a match.
    const chosen = parseRawHttpRequest(rawOf(signedFor('http://api.example.com/1/statuses/update.json')), {
      scheme: 'http',
    });
    expect(chosen.assumedScheme).toBeUndefined();
    expect(diagnoseSignature({ request: chosen, ...secrets }, nodeCrypto).verdict).toBe('match');
  });

  it("a chosen scheme that differs from the client's is the client's scheme mistake", () => {
    const request = parseRawHttpRequest(rawOf(signedFor('http://api.example.com/1/statuses/update.json')), {
      scheme: 'https',
    });
    const d = diagnoseSignature({ request, ...secrets }, nodeCrypto);
    expect(d.causes.map((c) => c.cause)).toEqual(['uri-scheme']);
  });
});
