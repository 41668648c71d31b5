import { describe, expect, it } from 'vitest';
import { nodeCrypto } from '../../../../../platform/node/node-crypto';
import { signingKey, type SignatureInput } from '../../../../../shared/oauth1';
import type { Param } from '../../../../../shared/url-encoded';
import {
  checkBasicCredentials,
  diagnoseSignature,
  KNOWN_BEHAVIOURS,
  LIBRARIES,
} from '../../../../../shared/oauth1/debug';
import { rebuild, SECRETS, withMistake, X_EXAMPLE } from './helpers';

const X = X_EXAMPLE;
const names = (ls: readonly { library: string }[] | undefined) => (ls ?? []).map((l) => l.library);

describe('the catalogue of known client behaviour', () => {
  it('names every library of a shared behaviour, with versions, the RFC section and a source', () => {
    for (const b of KNOWN_BEHAVIOURS) {
      expect(b.libraries.length, b.id).toBeGreaterThan(0);
      expect(b.section, b.id).toMatch(/^RFC (5849|6749) §/);
      expect(b.source.length, b.id).toBeGreaterThan(20);
      for (const l of b.libraries) expect(LIBRARIES[l.library].version).toMatch(/^\d/);
    }
  });

  it('a one-character token secret left out of the key is PECL oauth (D9), and only PECL', () => {
    const request = withMistake(X, { key: () => signingKey(SECRETS.consumerSecret, null) });
    const d = diagnoseSignature({ request, consumerSecret: SECRETS.consumerSecret, tokenSecret: 'y' }, nodeCrypto);
    // With this token secret the RFC key is consumer&y: the request was signed with consumer& instead.
    expect(d.verdict).toBe('mismatch');
    expect(d.libraries.behaviours.map((b) => b.id)).toEqual(['D9']);
    expect(names(d.libraries.libraries)).toEqual(['peclOauth']);
    expect(d.summary).toContain('Your client signs like PECL oauth 2.0.7 (D9).');
  });

  it('sorting by decoded bytes names both ruby-oauth and PECL oauth (D2)', () => {
    const input: SignatureInput = { ...X, url: 'https://api.x.com/1/a?q=%C3%A9&q=1' };
    const decodedOrder = (ps: Param[]) =>
      [...ps].sort((a, b) =>
        decodeURIComponent(a[0]) < decodeURIComponent(b[0])
          ? -1
          : decodeURIComponent(a[0]) > decodeURIComponent(b[0])
            ? 1
            : decodeURIComponent(a[1]) < decodeURIComponent(b[1])
              ? -1
              : 1
      );
    const d = diagnoseSignature(
      { request: withMistake(input, { baseString: rebuild({ order: decodedOrder }) }), ...SECRETS },
      nodeCrypto
    );
    expect(d.libraries.behaviours.map((b) => b.id)).toEqual(['D2']);
    expect(names(d.libraries.libraries)).toEqual(['rubyOauth', 'peclOauth']);
    expect(d.causes[0]!.libraries.map((l) => `${l.name} ${l.version}`)).toEqual([
      'ruby-oauth (the oauth gem) 0.5.4',
      'PECL oauth 2.0.7',
    ]);
  });

  it('an empty consumer secret: PECL oauth refuses it (D11), said as a warning', () => {
    const d = diagnoseSignature(
      { request: withMistake({ ...X, consumerSecret: '', tokenSecret: 't' }), consumerSecret: '', tokenSecret: 't' },
      nodeCrypto
    );
    expect(d.verdict).toBe('match');
    expect(d.warnings.map((w) => w.behaviour)).toEqual(['D11']);
    expect(d.libraries.behaviours).toEqual([]);
  });
});

describe('a plain wrong secret is named', () => {
  const plain: SignatureInput = { ...X, signatureMethod: 'PLAINTEXT' };
  it('PLAINTEXT shows which half of the key differs', () => {
    const wrongToken = withMistake(plain, { key: () => signingKey(SECRETS.consumerSecret, 'another-token-secret') });
    expect(diagnoseSignature({ request: wrongToken, ...SECRETS }, nodeCrypto).causes.map((c) => c.cause)).toEqual([
      'key-token-secret-wrong',
    ]);
    const wrongConsumer = withMistake(plain, { key: () => signingKey('another-consumer-secret', SECRETS.tokenSecret) });
    expect(diagnoseSignature({ request: wrongConsumer, ...SECRETS }, nodeCrypto).causes.map((c) => c.cause)).toEqual([
      'key-consumer-secret-wrong',
    ]);
  });

  it('without a token, a matching base string leaves only the consumer secret', () => {
    const noToken: SignatureInput = { ...X, token: null, tokenSecret: null };
    const request = withMistake(noToken, { key: () => signingKey('another-consumer-secret', null) });
    const base = diagnoseSignature({ request, consumerSecret: SECRETS.consumerSecret }, nodeCrypto).baseString;
    const d = diagnoseSignature(
      { request, consumerSecret: SECRETS.consumerSecret, clientBaseString: base },
      nodeCrypto
    );
    expect(d.causes.map((c) => c.cause)).toEqual(['key-consumer-secret-wrong']);
  });

  it('with a token and a verifier, says the key needs the request token secret', () => {
    const input: SignatureInput = { ...X, verifier: 'v3r1f13r' };
    const request = withMistake(input, { key: () => signingKey(SECRETS.consumerSecret, 'the-access-token-secret') });
    const base = diagnoseSignature({ request, ...SECRETS }, nodeCrypto).baseString;
    const d = diagnoseSignature({ request, ...SECRETS, clientBaseString: base }, nodeCrypto);
    expect(d.causes.map((c) => c.cause)).toEqual(['key-unknown']);
    expect(d.causes[0]!.details[0]).toContain("the request token's secret");
  });
});

describe('OAuth 2 client secrets in HTTP Basic (B1, RFC 6749 §2.3.1)', () => {
  const basic = (text: string) => `Basic ${Buffer.from(text, 'utf8').toString('base64')}`;
  const secret = 'p@ss w%rd+/:=&~';
  it('tells a raw secret (naming the libraries that send it so) from a form-urlencoded one', () => {
    const raw = checkBasicCredentials(basic(`cid:${secret}`), 'cid', secret);
    expect(raw.encoding).toBe('raw');
    expect(names(raw.libraries.libraries)).toEqual(['pythonRequests', 'rubyOauth2', 'authlib']);
    expect(
      checkBasicCredentials(basic(`cid:${new URLSearchParams({ s: secret }).toString().slice(2)}`), 'cid', secret)
        .encoding
    ).toBe('form-urlencoded');
    expect(checkBasicCredentials(basic('cid:plain'), 'cid', 'plain').encoding).toBe('either');
    expect(checkBasicCredentials(basic('cid:a b'), 'cid', 'a+b').encoding).toBe('other');
  });

  it('a header that is not Basic credentials is refused with what is expected', () => {
    expect(() => checkBasicCredentials('Bearer abc', 'cid', 's')).toThrow(
      /Expected an Authorization header "Basic <base64>"/
    );
    expect(() => checkBasicCredentials(basic('no-colon'), 'cid', 's')).toThrow(/no colon/);
  });
});

describe('a server library that deviates (S1)', () => {
  it('names PECL OAuthProvider from the base string it printed (recorded from php -S with php-oauth 2.0.7)', () => {
    const request = {
      method: 'POST',
      url: 'http://127.0.0.1:18765/x?a.b=1&q=1&q=2',
      headers: [
        [
          'Authorization',
          'OAuth oauth_consumer_key="ck", oauth_token="tk", oauth_signature_method="HMAC-SHA1", oauth_signature="abc", oauth_timestamp="1", oauth_nonce="n", oauth_version="1.0"',
        ],
        ['Content-Type', 'application/x-www-form-urlencoded'],
      ] as [string, string][],
      body: 'sp+ace=2&q=3',
    };
    const serverBaseString =
      'POST&http%3A%2F%2F127.0.0.1%3A18765%2Fx&a.b%3D1%26a_b%3D1%26oauth_consumer_key%3Dck%26oauth_nonce%3Dn%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1%26oauth_token%3Dtk%26oauth_version%3D1.0%26q%3D2%26sp_ace%3D2';
    const d = diagnoseSignature({ request, consumerSecret: 'cs', tokenSecret: 'ts', serverBaseString }, nodeCrypto);
    expect(d.serverLibraries.behaviours.map((b) => b.id)).toEqual(['S1']);
    expect(names(d.serverLibraries.libraries)).toEqual(['peclOauth']);
    expect(d.serverLibraries.behaviours[0]!.details[0]).toBe(
      "The server's base string has a.b, sp ace verified as a_b, sp_ace; one value kept of q."
    );
    expect(d.summary).toContain(
      "Your server verifies like PECL oauth 2.0.7 (OAuthProvider, through PHP's request variables) (S1)."
    );
  });
});
