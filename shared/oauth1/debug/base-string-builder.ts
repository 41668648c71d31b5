import { compareEncodedParameters } from '../normalize';
import { percentEncode } from '../../percent-encoding';
import type { Param } from '../../url-encoded';
import {
  rfcParams,
  rfcSort,
  rfcUriParts,
  uriText,
  type EncodedPair,
  type ParamEdit,
  type SignedPair,
  type Variant,
} from './pipeline';
import type { ReceivedRequest } from './received';

/** Builds the base string a client with a given variant signs, for one request (RFC 5849 §3.4.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1)). */
export interface BaseStringBuilder {
  /** OAuth Lab's base string: the RFC's for the request as sent. */
  readonly rfc: string;
  build(variant: Variant): string;
}

/** Applies a one-parameter edit: the pair collected at `edit.index` replaced, or left out when `pair` is null. */
export const applyEdit = (pairs: readonly SignedPair[], edit: ParamEdit): SignedPair[] =>
  pairs.flatMap((q) => (q.index === edit.index ? (edit.pair ? [edit.pair] : []) : [q]));

/**
 * The debugger builds thousands of base strings for one request (one per candidate mistake), so what every
 * candidate shares is computed once: each name and value encoded once (memoised), the RFC's sorted parameters,
 * and each sorted pair's contribution to the base string. A one-parameter edit (most candidates) then costs one
 * splice and one join instead of encoding and sorting every parameter again. Percent-encoding is per character,
 * so encoding the normalized string equals joining each pair's encoded `name=value` with %26 (§3.4.1.1 step 5).
 */
export function baseStringBuilder(r: ReceivedRequest): BaseStringBuilder {
  const memo = new Map<string, string>();
  const enc = (text: string): string => {
    let e = memo.get(text);
    if (e === undefined) {
      e = percentEncode(text, 'encoded-parameters');
      memo.set(text, e);
    }
    return e;
  };
  const fragment = (p: Param) => `${enc(p[0])}%3D${enc(p[1])}`;
  const encodePair = (p: SignedPair): Param => p.encoded ?? [enc(p.name), enc(p.value)];

  const params = rfcParams(r);
  const rfcMethod = r.method.trim().toUpperCase();
  const rfcUriText = uriText(rfcUriParts(r));
  const prefix = `${enc(rfcMethod)}&${enc(rfcUriText)}&`;
  const encoded = params.map(encodePair);
  const order = encoded.map((_, i) => i).sort((a, b) => compareEncodedParameters(encoded[a]!, encoded[b]!));
  const sorted = order.map((i) => encoded[i]!);
  const fragments = sorted.map(fragment);
  const positionOf = new Array<number>(order.length);
  order.forEach((collected, position) => (positionOf[collected] = position));
  const rfc = prefix + fragments.join('%26');

  /** Where a pair goes among the sorted pairs (after any equal one). */
  const insertionPoint = (pair: Param) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareEncodedParameters(sorted[mid]!, pair) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  const edited = (edit: ParamEdit): string => {
    const out = fragments.slice();
    const removed = positionOf[edit.index]!;
    out.splice(removed, 1);
    if (edit.pair) {
      const pair = encodePair(edit.pair);
      const at = insertionPoint(pair);
      out.splice(at > removed ? at - 1 : at, 0, fragment(pair));
    }
    return prefix + out.join('%26');
  };

  const build = (v: Variant): string => {
    const onlyParams = !v.method && !v.uri && !v.encode && !v.sort;
    if (onlyParams && !v.params) return v.edit ? edited(v.edit) : rfc;
    const encode = v.encode ?? enc;
    const method = v.method ? v.method(r.method) : rfcMethod;
    const uri = v.uri ? uriText(v.uri(rfcUriParts(r), r)) : rfcUriText;
    const head = `${encode(method)}&${encode(uri)}&`;
    if (!v.params && !v.edit && !v.encode && !v.sort) return head + fragments.join('%26');
    const start = v.edit ? applyEdit(params, v.edit) : params;
    const pairs = v.params ? v.params(start, r) : start;
    const list = pairs.map((p, index): EncodedPair => ({
      pair: p.encoded ?? [encode(p.name), encode(p.value)],
      index,
    }));
    const ordered = v.sort ? v.sort(list) : rfcSort(list);
    if (!v.encode) return head + ordered.map((p) => fragment(p.pair)).join('%26');
    return head + encode(ordered.map((p) => `${p.pair[0]}=${p.pair[1]}`).join('&'));
  };
  return { rfc, build };
}
