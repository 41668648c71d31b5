import { splitUrlEncoded } from '../../url-encoded';
import { percentDecodeOrKeep, percentEncode } from '../../percent-encoding';
import { parseBaseString, type ParsedBaseString } from './base-string-parse';
import { finding, type Finding } from './causes';
import type { ReceivedRequest } from './received';

const URI = /^([^:]*):\/\/([^/?#]*)([^?#]*)(\?[^#]*)?/;
const DEFAULT_PORT: Record<string, string> = { http: '80', https: '443' };

/**
 * What differs between two base strings, part by part, each difference named by its cause: `signed` is the one a
 * signature was made from (the client's), `reference` the one it is checked against (the server's, or OAuth Lab's
 * per the RFC). With the request at hand, a parameter's source tells a form body left out from a parameter left out.
 */
export function compareBaseStringParts(
  signed: string | ParsedBaseString,
  reference: string | ParsedBaseString,
  request?: ReceivedRequest
): Finding[] {
  const a = typeof signed === 'string' ? parseBaseString(signed) : signed;
  const b = typeof reference === 'string' ? parseBaseString(reference) : reference;
  return [
    ...methodFindings(a.method, b.method),
    ...uriFindings(a.uri, b.uri, request?.schemeAssumed ?? false),
    ...paramFindings(a.params, b.params, request),
  ];
}

function methodFindings(a: string, b: string): Finding[] {
  if (a === b) return [];
  if (a.toUpperCase() === b.toUpperCase())
    return [finding('method-case', `The method is ${a} in one and ${b} in the other; it is signed in upper case.`)];
  return [finding('method-differs', `The method signed is ${a}; the other base string has ${b}.`)];
}

function uriFindings(a: string, b: string, schemeAssumed: boolean): Finding[] {
  if (a === b) return [];
  const ma = URI.exec(a);
  const mb = URI.exec(b);
  if (!ma || !mb) return [finding('uri-path', `The base string URIs differ: ${a} against ${b}.`)];
  const out: Finding[] = [];
  const [, schemeA = '', authA = '', pathA = '', queryA] = ma;
  const [, schemeB = '', authB = '', pathB = '', queryB] = mb;
  if (queryA && !queryB) out.push(finding('uri-query-included', `The query ${queryA} is in the signed URI ${a}.`));
  if (queryB && !queryA)
    out.push(finding('uri-query-included', `The other base string has the query ${queryB} in its URI, ${b}.`));
  if (schemeA.toLowerCase() !== schemeB.toLowerCase())
    out.push(
      schemeAssumed
        ? finding(
            'scheme-assumed',
            `The scheme signed is ${schemeA}; the other has ${schemeB}. The request's scheme was assumed: choose the one it was sent over.`
          )
        : finding(
            'uri-scheme',
            `The scheme signed is ${schemeA}; the other has ${schemeB} (a proxy that terminates TLS changes what the server sees).`
          )
    );
  else if (schemeA !== schemeB || (authA !== authB && authA.toLowerCase() === authB.toLowerCase()))
    out.push(
      finding(
        'uri-case',
        `${schemeA}://${authA} against ${schemeB}://${authB}: the scheme and host are signed in lower case.`
      )
    );
  const strip = (auth: string, scheme: string) =>
    auth.toLowerCase().replace(new RegExp(`:${DEFAULT_PORT[scheme.toLowerCase()] ?? 'none'}$`), '');
  if (authA.toLowerCase() !== authB.toLowerCase()) {
    if (strip(authA, schemeA) === strip(authB, schemeB))
      out.push(
        finding('uri-default-port', `${authA} against ${authB}: the default port is left out of the signed URI.`)
      );
    else out.push(finding('uri-host', `The host signed is ${authA}; the other has ${authB}.`));
  }
  if (pathA !== pathB) {
    const trim = (p: string) => p.replace(/\/$/, '') || '';
    if (trim(pathA) === trim(pathB))
      out.push(
        finding(
          'uri-trailing-slash',
          `The path ${pathA || '(empty)'} against ${pathB || '(empty)'}: only a trailing slash differs.`
        )
      );
    else if (percentDecodeOrKeep(pathA) === percentDecodeOrKeep(pathB))
      out.push(finding('uri-path', `The path is encoded differently: ${pathA} against ${pathB}.`));
    else out.push(finding('uri-path', `The path signed is ${pathA}; the other has ${pathB}.`));
  }
  return out;
}

type Pair = readonly [string, string];
const plusish = (v: string) => v.replace(/\+|%2B|%20/gi, ' ');

/** Explains how one encoded value became another (both as they appear in the normalized parameters). */
function valueFinding(name: string, a: string, b: string): Finding {
  if (a === percentEncode(b) || percentDecodeOrKeep(a) === b)
    return finding(
      'param-double-encoded',
      `${name} is ${a} in the signed base string and ${b} in the other: encoded twice.`,
      name
    );
  if (b === percentEncode(a) || percentDecodeOrKeep(b) === a)
    return finding(
      'param-double-encoded',
      `${name} is ${a} in the signed base string and ${b} in the other: the other is encoded twice.`,
      name
    );
  if (plusish(a) === plusish(b))
    return finding(
      'param-plus-space',
      `${name} is ${a} against ${b}: + and %20 (or %2B) for the same character.`,
      name
    );
  if (percentDecodeOrKeep(a) === percentDecodeOrKeep(b))
    return finding(
      'param-encoded-differently',
      `${name} is ${a} against ${b}: the same value, encoded differently.`,
      name
    );
  const attempt =
    name === 'oauth_timestamp' || name === 'oauth_nonce' ? ' (the two base strings come from different attempts)' : '';
  return finding(
    'param-value-differs',
    `${name} is ${a} in the signed base string and ${b} in the other${attempt}.`,
    name
  );
}

function paramFindings(a: readonly Pair[], b: readonly Pair[], r?: ReceivedRequest): Finding[] {
  const out: Finding[] = [];
  const byName = (ps: readonly Pair[]) => {
    const m = new Map<string, { names: string[]; values: string[] }>();
    for (const [n, v] of ps) {
      const key = percentDecodeOrKeep(n);
      const e = m.get(key) ?? { names: [], values: [] };
      e.names.push(n);
      e.values.push(v);
      m.set(key, e);
    }
    return m;
  };
  const ma = byName(a);
  const mb = byName(b);
  const sourceOf = (name: string) => r?.params.find((p) => p.name === name)?.source;
  const bodyNames = new Set(r && !r.isForm && r.body ? bodyFieldNames(r.body) : []);
  for (const [name, ea] of ma) {
    const eb = mb.get(name);
    if (!eb) {
      for (const v of ea.values) {
        if (name === 'realm') out.push(finding('realm-signed', `realm=${v} is in the signed base string.`, name));
        else if (name === 'oauth_token' && v === '')
          out.push(finding('empty-token', 'An empty oauth_token is in the signed base string only.', name));
        else if (bodyNames.has(name))
          out.push(
            finding('body-included', `${name}=${v} comes from a body that is not a form, and is not signed.`, name)
          );
        else out.push(finding('param-extra', `${name}=${v} is in the signed base string only.`, name));
      }
      continue;
    }
    if (ea.names.some((n) => !eb.names.includes(n)))
      out.push(finding('param-encoded-differently', `The name is ${ea.names[0]} against ${eb.names[0]}.`, name));
    const restA = [...ea.values];
    const restB = [...eb.values];
    for (const v of ea.values) {
      const i = restB.indexOf(v);
      if (i >= 0) {
        restB.splice(i, 1);
        restA.splice(restA.indexOf(v), 1);
      }
    }
    restA.forEach((v, i) =>
      out.push(
        i < restB.length
          ? valueFinding(name, v, restB[i]!)
          : finding('param-extra', `${name}=${v} is in the signed base string only.`, name)
      )
    );
    for (const v of restB.slice(restA.length)) out.push(missing(name, v, sourceOf(name)));
  }
  for (const [name, eb] of mb) if (!ma.has(name)) for (const v of eb.values) out.push(missing(name, v, sourceOf(name)));
  if (out.length === 0 && a.map((p) => p.join('=')).join('&') !== b.map((p) => p.join('=')).join('&')) {
    out.push(finding('param-sorted-differently', 'The same parameters appear in another order.'));
  }
  return out;
}

function missing(name: string, value: string, source: string | undefined): Finding {
  if (name === 'oauth_token' && value === '')
    return finding('empty-token', 'The other base string has an empty oauth_token that the signed one lacks.', name);
  if (source === 'body')
    return finding('body-left-out', `${name}=${value} from the form body is not in the signed base string.`, name);
  return finding(
    'param-missing',
    `${name}=${value}${source ? ` (${source})` : ''} is not in the signed base string.`,
    name
  );
}

function bodyFieldNames(body: string): string[] {
  try {
    const json = JSON.parse(body) as unknown;
    if (json && typeof json === 'object' && !Array.isArray(json)) return Object.keys(json);
  } catch {
    // Not JSON: read as a form, as a client that signs any body would.
  }
  return splitUrlEncoded(body).map((p) => percentDecodeOrKeep(p.rawName, true));
}
