import { describe, expect, it } from 'vitest';
import { requestObjectAlgRefusal, requestObjectKeyOf } from '../../../../shared/oauth2/request-object';

/** Which key signs a request object (RFC 9101 §4), and when the provider's metadata says it would refuse it. */
const client = { clientSecret: 'shh', privateKey: '', alg: null, kid: null } as const;

describe('requestObjectKeyOf', () => {
  it("prefers the client's private key whatever the token endpoint's authentication", () => {
    for (const authentication of ['basic', 'body', 'client_secret_jwt', 'none', 'private_key_jwt'] as const) {
      const r = requestObjectKeyOf({ ...client, authentication, privateKey: '{"kty":"EC"}', kid: 'k1' });
      expect(r).toEqual({ ok: true, key: { method: 'private_key_jwt', key: '{"kty":"EC"}', alg: null, kid: 'k1' } });
    }
  });

  it('falls back to HS256 with the client secret when there is no private key', () => {
    expect(requestObjectKeyOf({ ...client, authentication: 'basic' })).toEqual({
      ok: true,
      key: { method: 'client_secret_jwt', key: 'shh', alg: 'HS256', kid: null },
    });
  });

  it('private_key_jwt without a private key, or no key at all: why not', () => {
    const r = requestObjectKeyOf({ ...client, authentication: 'private_key_jwt' });
    expect(r).toMatchObject({ ok: false, reason: expect.stringContaining('private_key_jwt but has no private key') });
    const none = requestObjectKeyOf({ ...client, clientSecret: '', authentication: 'none' });
    expect(none).toMatchObject({ ok: false, reason: expect.stringContaining('no private key and no client secret') });
  });
});

describe('requestObjectAlgRefusal', () => {
  const metadata = { request_object_signing_alg_values_supported: ['RS256', 'ES256'] };

  it('names the listed algorithms, the one the client would use and the fix', () => {
    expect(requestObjectAlgRefusal('HS256', metadata, 'Give the client a private key.')).toBe(
      'The provider verifies request objects signed with RS256, ES256 only (request_object_signing_alg_values_supported); this one would be signed HS256 with the client secret and refused (RFC 9101 §4). Give the client a private key.'
    );
    expect(requestObjectAlgRefusal('PS256', metadata, 'fix')).toContain("signed PS256 with the client's private key");
  });

  it('says nothing when the algorithm is listed, or the metadata lists none, or is unknown', () => {
    expect(requestObjectAlgRefusal('ES256', metadata, 'fix')).toBeNull();
    expect(requestObjectAlgRefusal('HS256', { issuer: 'https://as' }, 'fix')).toBeNull();
    expect(requestObjectAlgRefusal('HS256', null, 'fix')).toBeNull();
  });
});
