import { describe, expect, it } from 'vitest';
import {
  baseStringUri,
  encodeParameters,
  formBodyParameters,
  normalizeParameters,
  parseAuthorizationHeader,
  queryParameters,
  signatureBaseString,
  sortParameters,
} from '../../../../shared/oauth1';
import { parseUrlEncoded, type Param } from '../../../../shared/url-encoded';
import { percentEncode } from '../../../../shared/percent-encoding';
import { normativeVectors } from '../../../vectors/load';

const pairs = (list: [string, string, string?][]): Param[] => list.map(([n, v]) => [n, v]);
const multiset = (list: readonly Param[]) => list.map(([n, v]) => `${n}\u0000${v}`).sort();

describe('percent-encode vectors (RFC 5849 §3.6)', () => {
  for (const v of normativeVectors('percent-encode')) {
    it(v.id, () => expect(percentEncode(v.inputs.value)).toBe(v.expected.encoded));
  }
});

describe('normalize-url vectors (RFC 5849 §3.4.1.2)', () => {
  for (const v of normativeVectors('normalize-url')) {
    it(v.id, () => {
      expect(baseStringUri(v.inputs.url, v.inputs.host_header)).toBe(v.expected.base_string_uri);
      if (v.inputs.raw_request_line) {
        const target = v.inputs.raw_request_line.split(' ')[1];
        expect(baseStringUri(`${v.inputs.scheme}://${v.inputs.host_header}${target}`)).toBe(v.expected.base_string_uri);
      }
    });
  }
});

describe('normalize-params vectors (RFC 5849 §3.4.1.3)', () => {
  for (const v of normativeVectors('normalize-params')) {
    it(v.id, () => {
      const i = v.inputs;
      if (i.raw_query !== undefined) {
        // Collection from the raw request: query, Authorization header (minus realm and signature), form body.
        const header = parseAuthorizationHeader(i.authorization_header).params.filter(([n]) => n !== 'oauth_signature');
        const collected = [
          ...queryParameters(i.raw_query),
          ...header,
          ...formBodyParameters(i.raw_body, i.content_type),
        ];
        expect(multiset(collected)).toEqual(multiset(v.expected.params));
        return;
      }
      if (i.form_encoded !== undefined)
        expect(parseUrlEncoded(i.form_encoded, true, 'body-parameters')).toEqual(pairs(i.params));
      if (v.expected.encoded_sorted_pairs)
        expect(sortParameters(encodeParameters(pairs(i.params)))).toEqual(v.expected.encoded_sorted_pairs);
      expect(normalizeParameters(pairs(i.params))).toBe(v.expected.normalized);
    });
  }
});

describe('base-string vectors (RFC 5849 §3.4.1.1)', () => {
  for (const v of normativeVectors('base-string')) {
    it(v.id, () => {
      const i = v.inputs;
      const uri = baseStringUri(i.url);
      if (v.derived?.base_string_uri) expect(uri).toBe(v.derived.base_string_uri);
      const normalized = normalizeParameters(pairs(i.params));
      if (v.expected.normalized_params) expect(normalized).toBe(v.expected.normalized_params);
      expect(signatureBaseString(i.method, uri, normalized)).toBe(v.expected.base_string);
    });
  }
});

describe('header vectors (RFC 5849 §3.5.1)', () => {
  for (const v of normativeVectors('header').filter((x) => x.inputs.direction === 'parse')) {
    it(v.id, () => {
      const parsed = parseAuthorizationHeader(v.inputs.authorization_header);
      const expected = v.expected.params as [string, string][];
      const realm = expected.find(([n]) => n === 'realm');
      expect(parsed.realm).toBe(realm ? realm[1] : null);
      expect(parsed.params).toEqual(expected.filter(([n]) => n !== 'realm'));
      if (v.inputs.equivalent_form_body)
        expect(parseUrlEncoded(v.inputs.equivalent_form_body, true, 'body-parameters')).toEqual(parsed.params);
    });
  }
});
