import { describe, expect, it } from 'vitest';
import { headerValueSpans, secretSpans, type Span } from '../../../../renderer/components/secret-spans';

const parts = (text: string, spans: readonly Span[]) => spans.map((s) => text.slice(s.start, s.end));

describe('where the secrets of a pasted text stand (components/secret-spans.ts, by shared/secrets.ts)', () => {
  it('a curl command: a bearer credential, a quoted form body, -u, a cookie; the rest is not secret', () => {
    const curl = [
      "curl -X POST 'https://as.example/token?state=s1'",
      "-H 'Authorization: Bearer at-123456' -H 'Cookie: sid=c00kie; theme=dark'",
      "-u 'client:cs-secret' --data-raw 'client_secret=cs2&code=c0de&grant_type=authorization_code'",
    ].join(' \\\n  ');
    expect(parts(curl, secretSpans(curl))).toEqual(['at-123456', 'c00kie', 'dark', 'client:cs-secret', 'cs2', 'c0de']);
  });

  it('a landing URL: the code and the fragment tokens, not the state', () => {
    const url = 'https://app.example/cb?code=SplxlOBeZQQYbYS6WxSbIA&state=xyz#access_token=2YotnFZFEjr1zCsicMWpAA';
    expect(parts(url, secretSpans(url))).toEqual(['SplxlOBeZQQYbYS6WxSbIA', '2YotnFZFEjr1zCsicMWpAA']);
  });

  it('a JSON body and a JWT', () => {
    const body = '{"refresh_token": "rt-1", "scope": "read", "assertion": "eyJhbGciOiJIUzI1NiJ9.e30.c2ln"}';
    expect(parts(body, secretSpans(body))).toEqual(['rt-1', 'eyJhbGciOiJIUzI1NiJ9.e30.c2ln']);
  });

  it("OAuth 1.0a's Authorization: only a PLAINTEXT signature (RFC 5849 §3.4.4), an HMAC one is not secret", () => {
    const hmac = 'OAuth oauth_consumer_key="k", oauth_signature_method="HMAC-SHA1", oauth_signature="c2ln%3D"';
    expect(secretSpans(hmac)).toEqual([]);
    const plain = 'OAuth oauth_consumer_key="k", oauth_signature_method="PLAINTEXT", oauth_signature="cs%26ts"';
    expect(parts(plain, headerValueSpans('authorization')(plain))).toEqual(['cs%26ts']);
  });

  it("a header's value typed alone: Authorization keeps its scheme, DPoP is secret whole", () => {
    expect(
      parts('Basic Y2xpZW50OnNlY3JldA==', headerValueSpans('authorization')('Basic Y2xpZW50OnNlY3JldA=='))
    ).toEqual(['Y2xpZW50OnNlY3JldA==']);
    expect(parts('not-a-jwt-yet', headerValueSpans('dpop')('not-a-jwt-yet'))).toEqual(['not-a-jwt-yet']);
  });
});
