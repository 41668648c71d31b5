import { describe, expect, it } from 'vitest';
import { interpretReuse, tokenTail } from '../../../../shared/oidc';
import type { Exchange } from '../../../../shared/http';

const answer = (status: number, body: object): Exchange => {
  const bodyText = JSON.stringify(body);
  return {
    request: { method: 'POST', url: 'https://as.example/token', headers: [] },
    response: {
      status,
      statusText: '',
      headers: [['Content-Type', 'application/json']],
      bodyText,
      bodySize: bodyText.length,
    },
    timings: { connect: null, tls: null, firstByte: null, total: 1 },
    startedAt: 0,
  };
};

describe('token lifecycle', () => {
  it('shows a token by its last four characters and length only', () => {
    expect(tokenTail('r-secretvalue1234')).toBe('…1234 (17 chars)');
  });

  it("passes a refused replaced refresh token, with the provider's words", () => {
    const r = interpretReuse(answer(400, { error: 'invalid_grant', error_description: 'already used' }));
    expect(r.ok).toBe(true);
    expect(r.checks[0]!.message).toMatch(/^Refused with HTTP 400 \(.*invalid_grant.*\)/);
  });

  it('fails a provider that accepts a replaced refresh token (RFC 9700 §4.14.2)', () => {
    const r = interpretReuse(answer(200, { access_token: 'a', token_type: 'Bearer' }));
    expect(r.ok).toBe(false);
    expect(r.checks).toEqual([
      expect.objectContaining({
        name: 'reuse refused',
        ok: false,
        message: expect.stringContaining('RFC 9700 §4.14.2 requires refusing it'),
      }),
    ]);
  });
});
