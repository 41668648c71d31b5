import { z } from 'zod';
import type { Check } from '../check';
import type { Exchange, RawRequest } from '../http';
import { providerMessage, sentence } from '../provider-message';
import { historyEntrySchema, type HistoryEntry } from './history';

/**
 * What the sender of a request says about it so the host can record the exchange in the history: whose it is
 * (profile, flow, leg), the mistake it makes on purpose if any, and the entry's id, chosen by the sender so it can give the leg's own verdict by that id
 * (httpSend's `verdictFollows`, then historyAnnotate) without sending the exchange again.
 */
export const historyRecordSchema = historyEntrySchema.pick({
  id: true,
  profileId: true,
  flow: true,
  leg: true,
  mistake: true,
});
export type HistoryRecord = z.infer<typeof historyRecordSchema>;

/** A leg's verdict on its exchange, as the History page shows it. */
export const historyVerdictSchema = historyEntrySchema.pick({ outcome: true, summary: true });
export type HistoryVerdict = z.infer<typeof historyVerdictSchema>;

const SUMMARY_MAX = historyEntrySchema.shape.summary.maxLength ?? 2000;

/**
 * The verdict the host gives an exchange it sent, knowing nothing of the flow: a 2xx succeeded; otherwise the
 * status and the provider's own words (RFC 6749 §5.2 (https://www.rfc-editor.org/rfc/rfc6749#section-5.2) `error`, `oauth_problem`, a WWW-Authenticate challenge, …).
 * A leg that judges more (its checks, through the flow driver: shared/flows/driver/) gives its own verdict instead,
 * recorded with the exchange in one write.
 */
export function exchangeVerdict(exchange: Exchange, failure: string | null = null): HistoryVerdict {
  const { method, url } = exchange.request;
  if (failure !== null) return { outcome: 'failed', summary: cut(`${method} ${url}: not answered: ${failure}`) };
  const { status, statusText } = exchange.response;
  const ok = status >= 200 && status < 300;
  const said = ok ? null : providerMessage(exchange.response);
  return {
    outcome: ok ? 'succeeded' : 'failed',
    summary: cut(`${method} ${url} → ${status} ${statusText}${said ? `: ${sentence(said.text)}` : ''}`),
  };
}

/**
 * An exchange that got no response (DNS, connection, TLS, timeout): status 0 and no headers, as HAR 1.2 records
 * a request that was not answered, so the History page lists the attempt.
 */
export function unansweredExchange(request: RawRequest, startedAt: number, total: number): Exchange {
  return {
    request,
    response: { status: 0, statusText: '', headers: [], bodyText: '', bodySize: 0 },
    timings: { connect: null, tls: null, firstByte: null, total: Math.max(0, total) },
    startedAt,
  };
}

/** The authorization leg as the client saw it: the URL the browser was sent to, and the redirect back. */
export interface RedirectSeen {
  readonly authorizeUrl: string;
  /** At the redirect URI, with the query the client judged. */
  readonly callbackUrl: string;
  /** The user pasted the URL the browser landed on (the catcher did not catch it). */
  readonly pasted: boolean;
  readonly openedAt: number;
}

/**
 * The authorization leg as one exchange, as a browser's HAR records the request that ends in the redirect back (RFC
 * 6749 §4.1.2): GET the authorization URL as sent, answered 302 with the callback URL in Location; the status text
 * says how the client got it. What the user did at the provider in between is the browser's, not recorded here.
 */
export function redirectExchange({ authorizeUrl, callbackUrl, pasted, openedAt }: RedirectSeen, at: number): Exchange {
  return {
    request: { method: 'GET', url: authorizeUrl, headers: [] },
    response: {
      status: 302,
      statusText: pasted ? 'Redirect pasted' : 'Redirect caught',
      headers: [['Location', callbackUrl]],
      bodyText: '',
      bodySize: 0,
    },
    timings: { connect: null, tls: null, firstByte: null, total: Math.max(0, at - openedAt) },
    startedAt: openedAt,
  };
}

/** A leg's verdict from its checks: failed with the first failing check's words, else every check named. */
export function checksVerdict(checks: readonly Check[]): HistoryVerdict {
  const failed = checks.find((c) => !c.ok);
  return failed
    ? { outcome: 'failed', summary: cut(failed.message) }
    : { outcome: 'succeeded', summary: cut(`Every check passed: ${checks.map((c) => c.name).join(', ')}.`) };
}

/** A leg's step as the history names it, as the app's flows do: "request token" is requestToken. */
export const historyLegOf = (step: string): string => step.replace(/ ([a-z])/g, (_, c: string) => c.toUpperCase());

/** The history entry of one exchange. */
export function historyEntryOf(
  record: HistoryRecord,
  exchange: Exchange,
  at: number,
  verdict: HistoryVerdict
): HistoryEntry {
  return { ...record, ...verdict, summary: cut(verdict.summary), at, exchange };
}

const cut = (summary: string) => summary.slice(0, SUMMARY_MAX);
