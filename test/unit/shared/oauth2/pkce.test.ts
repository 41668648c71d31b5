import { describe, expect, it } from 'vitest';
import { base64UrlEncode } from '../../../../shared/encoding/base64';
import { codeChallenge, generateCodeVerifier, validateCodeVerifier } from '../../../../shared/oauth2';
import { PKCE_VALUE_SYNTAX } from '../../../../shared/oauth2/pkce';
import { nodeCrypto } from '../../../../platform/node/node-crypto';
import { normativeVectors } from '../../../vectors/load';

describe('PKCE vectors (RFC 7636)', () => {
  for (const v of normativeVectors('pkce')) {
    it(v.id, () => {
      const i = v.inputs;
      if (i.verifier_octets) expect(base64UrlEncode(Uint8Array.from(i.verifier_octets))).toBe(v.expected.code_verifier);
      if (v.expected.sha256_octets)
        expect(Array.from(nodeCrypto.digest('SHA-256', i.code_verifier))).toEqual(v.expected.sha256_octets);
      expect(codeChallenge(i.code_verifier, i.code_challenge_method, nodeCrypto)).toBe(v.expected.code_challenge);
    });
  }
});

describe('code verifier', () => {
  it('is generated from 32 injected octets as 43 base64url characters', () => {
    const verifier = generateCodeVerifier({ bytes: (n) => new Uint8Array(n).fill(0xfb) });
    expect(verifier).toBe('-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_v7-_s');
    expect(() => validateCodeVerifier(verifier)).not.toThrow();
  });
  it('rejects verifiers that are too short or use other characters, naming the rule', () => {
    expect(() => validateCodeVerifier('abcd')).toThrow(/43 to 128 characters.*got 4 characters/);
    expect(() => validateCodeVerifier('a'.repeat(42) + '+')).toThrow(/outside that set/);
    expect(() => validateCodeVerifier('a'.repeat(129))).toThrow(/got 129/);
  });
  it('one syntax serves the verifier (RFC 7636 §4.1) and both kinds of challenge (§4.2)', () => {
    const verifier = generateCodeVerifier({ bytes: (n) => new Uint8Array(n).fill(7) });
    const challenge = codeChallenge(verifier, 'S256', nodeCrypto);
    for (const value of [verifier, challenge, codeChallenge('~'.repeat(128), 'plain', nodeCrypto)])
      expect(PKCE_VALUE_SYNTAX.test(value), value).toBe(true);
    for (const value of ['a'.repeat(42), 'a'.repeat(129), `${'a'.repeat(42)}=`, `${'a'.repeat(42)}/`])
      expect(PKCE_VALUE_SYNTAX.test(value), value).toBe(false);
  });
  it('plain returns the verifier itself', () => {
    expect(codeChallenge('x'.repeat(43), 'plain', nodeCrypto)).toBe('x'.repeat(43));
  });
});
