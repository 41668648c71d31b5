import type { CryptoPort } from '../ports';
import { providerMessage } from '../provider-message';
import type { Cause } from './candidates';
import { decodeParams, type EntryView } from './entry-view';
import type { Explanation, ExplainedLeg } from './explain';
import { fingerprinter } from './fingerprint';
import { findLegs } from './legs';
import type { HarFile } from './har-read';
import { collectSecrets, isSecretHeader, isSecretName, textRedactor } from './redact';

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

/**
 * The report to share (issue 30 §3): the legs, their entries and the causes, every secret (codes, tokens,
 * client secrets, assertions, cookies, Basic credentials, private keys) replaced by its fingerprint.
 */
export function buildReport(har: HarFile, explanation: Explanation, crypto: CryptoPort): Report {
  const { views } = findLegs(har.entries);
  const fp = fingerprinter(crypto);
  const redact = textRedactor(collectSecrets(views), fp);
  const param = ([n, v]: readonly [string, string]) => [n, isSecretName(n) ? fp(v) : redact(v)] as const;
  const url = (u: string) => {
    const at = u.indexOf('?');
    if (at < 0) return redact(u);
    const query = Object.entries(decodeParams(u.slice(at + 1).split('#')[0]!)).map(param);
    return `${redact(u.slice(0, at))}?${query.map(([n, v]) => `${n}=${v}`).join('&')}`;
  };
  const entry = (v: EntryView): ReportEntry => {
    const said = v.status >= 300 || v.status === 0 ? providerMessage(v.response()) : null;
    return {
      index: v.index,
      method: v.method,
      url: url(v.url),
      status: v.status,
      requestHeaders: v.requestHeaders.map(([n, value]) => [n, isSecretHeader(n) ? fp(value) : redact(value)] as const),
      form: Object.entries(v.form).map(param),
      said: said ? redact(said.text) : null,
    };
  };
  return {
    legs: explanation.legs.map((l) => ({ ...l, details: l.entries.map((i) => entry(views[i]!)) })),
    causes: explanation.causes.map((c) => ({ ...c, evidence: redact(c.evidence) })),
  };
}
