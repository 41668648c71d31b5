import { STATUS_CODES } from 'node:http';
import type { SocketEnd } from '../shared/http';
import type { Handled } from './handled';
import type { ProviderRequest } from './http';
import type { ProviderSignatureReport, SignatureFindings } from './oauth1-signature-report';
import type { ProviderEvent } from './provider-event';
import { MAX_EVENT_BODY, redactBody, redactHeaders, redactTarget } from './redact';

/**
 * What the provider keeps of one request until its event is read: a few fields pointing at objects the request
 * already made (its headers; the handler's reply, verdict and signature findings). The event itself (redacted
 * copies, URL, ISO time, the signature trace's steps) is built from this on first read (a listener, SSE, the
 * history), so a request nobody watches does not pay for it and a watched one pays once. The data is the same.
 */
export interface EventRecord {
  readonly atMs: number;
  readonly handled: Handled;
  readonly method: string;
  readonly target: string;
  /** The Host header, or the listening address when the request had none (HTTP/1.0). */
  readonly host: string;
  /** `https` for a request on the mutual-TLS port (RFC 8705), else `http`. */
  readonly scheme: 'http' | 'https';
  readonly headers: ProviderRequest['headers'];
  /** The body text as received, or already redacted when it was over MAX_EVENT_BODY (so the full text is not kept). */
  readonly body: string;
  readonly bodyRedacted: boolean;
  readonly totalMs: number;
  readonly startedAt: number;
  readonly client: SocketEnd | null;
  /** About how much memory the record keeps alive, for the history's byte bound. */
  readonly bytes: number;
}

/** What a record keeps besides its body: headers, reply, verdict and findings (a few KiB at most). */
const RECORD_OVERHEAD = 4096;

function hostHeader(headers: ProviderRequest['headers']): string | undefined {
  for (const [n, v] of headers) if (n.length === 4 && n.toLowerCase() === 'host') return v;
  return undefined;
}

export function eventRecord(
  request: ProviderRequest,
  handled: Handled,
  atMs: number,
  listenAuthority: () => string,
  totalMs: number,
  startedAt: number,
  client: SocketEnd | null
): EventRecord {
  const bodyRedacted = request.bodyText.length > MAX_EVENT_BODY;
  return {
    atMs,
    handled,
    method: request.method,
    target: request.target,
    host: hostHeader(request.headers) ?? listenAuthority(),
    scheme: request.mtls ? 'https' : 'http',
    headers: request.headers,
    body: bodyRedacted ? redactBody(request.bodyText) : request.bodyText,
    bodyRedacted,
    totalMs,
    startedAt,
    client,
    // The signature findings keep the request, and with it the body as bytes and as text.
    bytes: RECORD_OVERHEAD + 2 * request.body.length,
  };
}

function signatureReport(f: SignatureFindings): ProviderSignatureReport {
  const d = f.details();
  return {
    signatureMethod: f.signatureMethod,
    placement: f.placement,
    clientSignature: f.clientSignature,
    expectedSignature: f.expectedSignature,
    baseStringUri: d.baseStringUri,
    normalizedParameters: d.normalizedParameters,
    baseString: d.baseString,
    steps: d.steps,
    error: f.error,
  };
}

export function buildEvent(id: number, r: EventRecord): ProviderEvent {
  const { reply } = r.handled;
  return {
    id,
    at: new Date(r.atMs).toISOString(),
    endpoint: r.handled.endpoint,
    exchange: {
      request: {
        method: r.method,
        url: `${r.scheme}://${r.host}${redactTarget(r.target)}`,
        headers: redactHeaders(r.headers),
        body: r.bodyRedacted ? r.body : redactBody(r.body),
      },
      response: {
        status: reply.status,
        statusText: STATUS_CODES[reply.status] ?? '',
        headers: reply.headers,
        bodyText: redactBody(reply.body),
        bodySize: Buffer.byteLength(reply.body),
      },
      timings: { connect: null, tls: null, firstByte: null, total: r.totalMs },
      startedAt: r.startedAt,
    },
    verdict: r.handled.verdict,
    signature: r.handled.signature ? signatureReport(r.handled.signature) : null,
    assumptions: r.handled.assumptions ?? [],
    client: r.client,
  };
}
