import { providerMessage } from '../provider-message';
import type { Cause } from './candidates';
import { decodeParams, type EntryView } from './entry-view';
import type { Explanation, ExplainedLeg } from './explain';
import type { Fingerprint } from './fingerprint';
import { findLegs } from './legs';
import type { HarFile } from './har-read';
import { explanationRedactor } from './explain-redactor';
import { oauthHeaderParams } from './redact';
import { isPublicHeader, isPublicParameter, URL_HEADERS } from './report-public';

/** One entry of a leg as a report shows it: nothing in it can be replayed. */
export interface ReportEntry {
  readonly index: number;
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly requestHeaders: readonly (readonly [string, string])[];
  readonly form: readonly (readonly [string, string])[];
  /** The provider's words when it refused, or null. */
  readonly said: string | null;
}

export interface Report {
  readonly legs: readonly (ExplainedLeg & { readonly details: readonly ReportEntry[] })[];
  readonly causes: readonly Cause[];
}

/** `scheme://user:password@host` → `scheme://host` (RFC 3986 §3.2.1: user information is not for sharing). */
const withoutUserinfo = (u: string) => u.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i, '$1');

/**
 * The report to share, by allow-list: the legs, their entries and the causes, with every
 * query, form and JSON value fingerprinted unless it is a protocol's public parameter (report-public.ts), every
 * header outside a short public list fingerprinted (Authorization keeps its scheme), URL user information removed
 * and the fragment left out, and the secrets found anywhere in the file replaced wherever a text echoes them. `fp`
 * is the explanation's, salted per report, so the causes' fingerprints match the entries'.
 */
export function buildReport(har: HarFile, explanation: Explanation, fp: Fingerprint): Report {
  const { views } = findLegs(har.entries);
  const redact = explanationRedactor(har, views, explanation, fp);
  const params = (all: Readonly<Record<string, string>>) =>
    Object.entries(all).map(([n, v]) => [n, isPublicParameter(n, all) ? redact(v) : fp(v)] as const);
  const url = (u: string) => {
    const [noFragment] = withoutUserinfo(u).split('#');
    const at = noFragment!.indexOf('?');
    if (at < 0) return redact(noFragment!);
    const query = params(decodeParams(noFragment!.slice(at + 1)));
    return `${redact(noFragment!.slice(0, at))}?${query.map(([n, v]) => `${n}=${v}`).join('&')}`;
  };
  // OAuth 1.0a's header parameters (RFC 5849 §3.5.1) as the query's: public ones shown, the signature and token not.
  const oauthHeader = (value: string) => {
    const all = oauthHeaderParams(value);
    return `OAuth ${params(all)
      .map(([n, v]) => `${n}="${v}"`)
      .join(', ')}`;
  };
  const header = ([n, value]: readonly [string, string]) => {
    const lower = n.toLowerCase();
    if (URL_HEADERS.has(lower)) return [n, url(value)] as const;
    if (isPublicHeader(lower)) return [n, redact(value)] as const;
    if (/^\s*OAuth\s/i.test(value)) return [n, oauthHeader(value)] as const;
    const scheme = /^(Basic|Bearer|DPoP|Digest|Negotiate|GNAP|MAC)\s+/i.exec(value);
    return [n, scheme ? `${scheme[1]} ${fp(value.slice(scheme[0].length))}` : fp(value)] as const;
  };
  const entry = (v: EntryView): ReportEntry => {
    const said = v.status >= 300 || v.status === 0 ? providerMessage(v.response()) : null;
    return {
      index: v.index,
      method: v.method,
      url: url(v.url),
      status: v.status,
      requestHeaders: v.requestHeaders.map(header),
      form: params(v.form),
      said: said ? redact(said.text) : null,
    };
  };
  return {
    legs: explanation.legs.map((l) => ({ ...l, details: l.entries.map((i) => entry(views[i]!)) })),
    causes: explanation.causes,
  };
}
