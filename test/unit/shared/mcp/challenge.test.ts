import { describe, expect, it } from 'vitest';
import { bearerChallenge, parseChallenges, tokenChallenge } from '../../../../shared/mcp/challenge';

describe('parseChallenges (RFC 9110 §11.6.1)', () => {
  it('reads a Bearer challenge with quoted and token values, names lowercased', () => {
    const [c] = parseChallenges([
      'Bearer Error="insufficient_scope", scope="mcp:basic mcp:write", resource_metadata="https://x.example/.well-known/oauth-protected-resource/mcp"',
    ]);
    expect(c).toEqual({
      scheme: 'Bearer',
      token68: null,
      params: {
        error: 'insufficient_scope',
        scope: 'mcp:basic mcp:write',
        resource_metadata: 'https://x.example/.well-known/oauth-protected-resource/mcp',
      },
    });
  });
  it('splits several challenges on one line and across header lines, and finds the Bearer one', () => {
    const all = parseChallenges([
      'Basic realm="a, b", DPoP algs="ES256"',
      'bearer  realm = api ,, error=invalid_token',
    ]);
    expect(all.map((c) => c.scheme)).toEqual(['Basic', 'DPoP', 'bearer']);
    expect(all[0]!.params.realm).toBe('a, b');
    expect(bearerChallenge(all)?.params).toEqual({ realm: 'api', error: 'invalid_token' });
  });
  it('reads a token68, escapes in quoted strings, an unterminated quote, and skips what it cannot read', () => {
    expect(parseChallenges(['Negotiate abc+/==, Bearer x="a\\"b"'])).toEqual([
      { scheme: 'Negotiate', token68: 'abc+/==', params: {} },
      { scheme: 'Bearer', token68: null, params: { x: 'a"b' } },
    ]);
    expect(parseChallenges(['Bearer scope="open'])[0]!.params.scope).toBe('open');
    expect(parseChallenges(['Bearer @@@, Basic realm=r']).map((c) => c.scheme)).toEqual(['Bearer', 'Basic']);
    expect(parseChallenges([''])).toEqual([]);
    expect(bearerChallenge(parseChallenges(['Basic realm=r']))).toBeNull();
  });
  it('tokenChallenge: the Bearer challenge, else a DPoP one (RFC 9449 §7.1), whose resource_metadata is read alike', () => {
    const both = parseChallenges(['DPoP algs="ES256", error="use_dpop_nonce"', 'Bearer scope="read"']);
    expect(tokenChallenge(both)?.scheme).toBe('Bearer');
    const dpopOnly = parseChallenges([
      'DPoP resource_metadata="https://x.example/.well-known/oauth-protected-resource/mcp"',
    ]);
    expect(tokenChallenge(dpopOnly)?.params.resource_metadata).toBe(
      'https://x.example/.well-known/oauth-protected-resource/mcp'
    );
    expect(tokenChallenge(parseChallenges(['Basic realm=r']))).toBeNull();
  });
});
