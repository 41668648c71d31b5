import { describe, expect, it } from 'vitest';
import { hexEncode } from '../../../../shared/encoding/base64';
import {
  bodyHash,
  buildAuthorizationHeader,
  parseAuthorizationHeader,
  parseSignatureMethod,
  signBaseString,
  signingKey,
  traceSignature,
  verifySignature,
} from '../../../../shared/oauth1';
import { parseUrlEncoded } from '../../../../shared/url-encoded';
import { percentEncode } from '../../../../shared/percent-encoding';
import { nodeCrypto } from '../../../../platform/node/node-crypto';
import { normativeVectors } from '../../../vectors/load';
import { toSignatureInput } from '../../../vectors/to-signature-input';

const sorted = (pairs: readonly (readonly [string, string])[]) => pairs.map(([n, v]) => `${n}=${v}`).sort();
const headerSet = (header: string) => {
  const p = parseAuthorizationHeader(header);
  return { realm: p.realm, params: sorted(p.params) };
};
const queryOf = (url: string) => sorted(parseUrlEncoded(url.split('?')[1] ?? '', false, 'query-parameters'));

describe('signature vectors (RFC 5849 §3.4)', () => {
  for (const v of normativeVectors('signature')) {
    const i = v.inputs;
    const want = { ...v.derived, ...v.expected };
    it(v.id, () => {
      if (i.signature_method === 'body-hash-sha1') {
        expect(bodyHash('HMAC-SHA1', i.raw_body, nodeCrypto)).toBe(want.oauth_body_hash);
        return;
      }
      const method = parseSignatureMethod(i.signature_method);
      const key = signingKey(i.consumer_secret ?? '', i.token_secret);
      if (want.signing_key !== undefined) expect(key).toBe(want.signing_key);
      if (!i.params || !i.params.some(([n]: [string]) => n.startsWith('oauth_'))) {
        // Only a base string (or, for PLAINTEXT, nothing) is given: sign it directly.
        if (want.signature === undefined) return;
        const signed = signBaseString(method, i.base_string ?? '', key, nodeCrypto, i.private_key_pem);
        expect(signed.signature).toBe(want.signature);
        if (i.public_key_pem)
          expect(verifySignature(method, i.base_string, key, signed.signature, nodeCrypto, i.public_key_pem)).toBe(
            true
          );
        return;
      }
      const trace = traceSignature(toSignatureInput(v), nodeCrypto);
      if (want.normalized_params !== undefined) expect(trace.normalizedParameters).toBe(want.normalized_params);
      if (want.base_string !== undefined) expect(trace.baseString).toBe(want.base_string);
      if (i.base_string !== undefined) expect(trace.baseString).toBe(i.base_string);
      expect(trace.signingKey).toBe(key);
      if (want.hmac_hex !== undefined) expect(trace.digestHex).toBe(want.hmac_hex.replace(/\s/g, '').toLowerCase());
      expect(trace.signature).toBe(want.signature);
      if (want.signature_header_encoded !== undefined)
        expect(percentEncode(trace.signature)).toBe(want.signature_header_encoded);
      if (i.certificate_pem)
        expect(verifySignature(method, trace.baseString, key, trace.signature, nodeCrypto, i.certificate_pem)).toBe(
          true
        );
      if (want.oauth_body_hash !== undefined)
        expect(trace.params.find((p) => p.name === 'oauth_body_hash')?.value).toBe(want.oauth_body_hash);
      if (want.authorization_header !== undefined)
        expect(headerSet(trace.authorization!)).toEqual(headerSet(want.authorization_header));
      if (i.authorization_header !== undefined)
        expect(headerSet(trace.authorization!)).toEqual(headerSet(i.authorization_header));
      if (want.header_contains !== undefined) expect(trace.authorization).toContain(want.header_contains);
      if (want.body !== undefined)
        expect(sorted(parseUrlEncoded(trace.request.body!, true, 'body-parameters'))).toEqual(
          sorted(parseUrlEncoded(want.body, true, 'body-parameters'))
        );
      if (want.uri !== undefined) expect(queryOf(trace.request.url)).toEqual(queryOf(want.uri));
      if (want.signed_url !== undefined) expect(queryOf(trace.request.url)).toEqual(queryOf(want.signed_url));
    });
  }
});

describe('header build vectors (RFC 5849 §3.5.1)', () => {
  for (const v of normativeVectors('header').filter((x) => x.inputs.direction === 'build')) {
    it(v.id, () => {
      const params = (v.inputs.params as [string, string][]).filter(
        ([n]) => !v.inputs.only_oauth_params || n.startsWith('oauth_')
      );
      const header = buildAuthorizationHeader(params, v.inputs.realm, v.inputs.separator);
      expect(header).toBe(v.expected.authorization);
      if (v.expected.encoded_signature) expect(header).toContain(`oauth_signature="${v.expected.encoded_signature}"`);
    });
  }
});

it('digest hex is the raw HMAC output', () => {
  expect(hexEncode(nodeCrypto.hmac('SHA-1', 'key', 'The quick brown fox jumps over the lazy dog'))).toBe(
    'de7c9b85b8b78aa6bc8a7a36f70a90701c9db4d9'
  );
});
