import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { RawRequest } from '../../../shared/http';
import { parseHttpUrl, type ParsedUrl } from '../../../shared/url';
import { startAttempt, type Attempt, type AttemptPlan } from './attempt';
import { openConnection, type Connected, type ConnectPlan } from './connect';
import { explainNetworkError, Failure, TransportError } from './errors';
import { InvalidRequest, prepareRequest, type Prepared } from './prepare';
import { checkClientCertificate } from './client-certificate';
import { chooseProxy, ProxySettingError, type ProxyChoice } from './proxy';
import type { SendOptions, TransportExchange, TransportResponse } from './types';

const DEFAULTS = { connectTimeoutMs: 10_000, timeoutMs: 30_000, maxResponseBytes: 10 * 1024 * 1024 } as const;

function limit(name: keyof typeof DEFAULTS, v: number | undefined, request: RawRequest): number {
  if (v === undefined) return DEFAULTS[name];
  if (!(Number.isFinite(v) && v > 0))
    throw new TransportError(
      'invalid_request',
      `${name} must be a positive number; got ${String(v)}.`,
      request,
      'prepare'
    );
  return v;
}

/** Everything that can be known before a socket opens; bad input becomes a TransportError naming what is wrong. */
function planRequest(
  request: RawRequest,
  options: SendOptions
): { url: ParsedUrl; proxy: ProxyChoice | null; prepared: Prepared } {
  try {
    const url = parseHttpUrl(request.url, 'transport');
    const proxy = chooseProxy(url, options.env ?? process.env);
    return { url, proxy, prepared: prepareRequest(request, url, proxy) };
  } catch (e) {
    if (e instanceof ProxySettingError) throw new TransportError(e.code, e.message, request, 'prepare');
    if (e instanceof Error && (e instanceof InvalidRequest || e.name === 'ProtocolError'))
      throw new TransportError('invalid_request', e.message, request, 'prepare');
    throw e;
  }
}

/** The time and size limits of `options`, each a positive number or its default. */
function limits(request: RawRequest, options: SendOptions) {
  return {
    connectTimeoutMs: limit('connectTimeoutMs', options.connectTimeoutMs, request),
    timeoutMs: limit('timeoutMs', options.timeoutMs, request),
    maxBytes: limit('maxResponseBytes', options.maxResponseBytes, request),
  };
}

/** How openConnection reaches the server: directly or through the proxy, with the TLS settings of `options`. */
function connectPlanOf({ url, port, proxy }: AttemptPlan, options: SendOptions): ConnectPlan {
  return {
    scheme: url.scheme,
    host: url.host,
    port,
    proxy,
    allowSelfSigned: options.allowSelfSigned === true,
    ca: options.ca === undefined ? [] : typeof options.ca === 'string' ? [options.ca] : [...options.ca],
    clientCertificate: options.clientCertificate ?? null,
    lookup: options.lookup,
    now: options.now ?? Date.now,
  };
}

/**
 * Sends one request with node:http over a fresh connection (one request per connection, closed after the answer)
 * and returns the exchange exactly as it happened, with this side's end of that connection (`local`).
 * Redirects are never followed: a 3xx is returned like any other answer. Fails with a TransportError.
 */
export function send(request: RawRequest, options: SendOptions = {}): Promise<TransportExchange> {
  const startedAt = (options.now ?? Date.now)();
  const t0 = performance.now();
  const at = () => Math.round((performance.now() - t0) * 1000) / 1000;
  let plan: AttemptPlan;
  try {
    const bounds = limits(request, options);
    const planned = planRequest(request, options);
    if (options.clientCertificate) checkClientCertificate(options.clientCertificate, request);
    const port = planned.url.port ?? (planned.url.scheme === 'https' ? 443 : 80);
    plan = { ...planned, ...bounds, port };
  } catch (e) {
    return Promise.reject(e);
  }

  return new Promise<TransportExchange>((resolve, reject) => {
    const attempt = startAttempt(plan, options, at, reject);
    if (attempt.finished()) return;
    openConnection(
      connectPlanOf(plan, options),
      (m) => (attempt.marks[m] = at()),
      (s) => (attempt.finished() ? s.destroy() : attempt.sockets.push(s))
    ).then(
      (conn) => {
        if (attempt.finished()) return void conn.socket.destroy();
        attempt.connected();
        attempt.phase = 'request';
        writeRequest(attempt, plan, conn, (res) =>
          readResponse(attempt, plan, res, (received) => resolve(exchangeOf(received, startedAt, attempt, plan, conn)))
        );
      },
      (e: unknown) => {
        if (e instanceof Failure) {
          attempt.phase = e.phase;
          return attempt.fail(e.code, e.message, e.causeCode);
        }
        attempt.fail(
          'network_error',
          `Connecting to ${attempt.origin} failed: ${e instanceof Error ? e.message : String(e)}.`
        );
      }
    );
  });
}

/** Writes the request over the open connection; `onResponse` gets the response once its head has arrived. */
function writeRequest(
  attempt: Attempt,
  { url, prepared }: AttemptPlan,
  conn: Connected,
  onResponse: (res: IncomingMessage) => void
): void {
  let req: ReturnType<typeof httpRequest>;
  try {
    req = httpRequest({
      createConnection: () => conn.socket,
      method: prepared.sent.method,
      path: prepared.target,
      headers: prepared.wireHeaders.flat(),
      setHost: false,
    });
  } catch (e) {
    // prepareRequest refuses what Node would; this keeps any other refusal an answer rather than a hang.
    return attempt.fail('invalid_request', `The request could not be written: ${(e as Error).message}`);
  }
  req.once('socket', (s: Socket) => s.once('data', () => (attempt.marks.firstByte ??= attempt.at())));
  req.once('finish', () => (attempt.phase = 'response'));
  req.on('error', (e: NodeJS.ErrnoException) => {
    const x = explainNetworkError(e.code, e.message, { target: attempt.origin, proxySource: null, host: url.host });
    attempt.fail(x.code, x.message, e.code ?? null);
  });
  req.once('response', onResponse);
  req.end(prepared.body);
}

/** A response read to its end: the attempt is ended, its sockets closed. */
interface Received {
  readonly res: IncomingMessage;
  readonly body: Buffer;
  readonly total: number;
}

/** Reads the response body up to the size limit, then ends the attempt and hands over what arrived. */
function readResponse(
  attempt: Attempt,
  { url, maxBytes }: AttemptPlan,
  res: IncomingMessage,
  onEnd: (received: Received) => void
): void {
  const { origin } = attempt;
  attempt.phase = 'response';
  attempt.marks.firstByte ??= attempt.at();
  const declared = Number(res.headers['content-length']);
  const tooLarge = (n: string) =>
    `The response body from ${origin} is ${n}, more than the limit of ${maxBytes} bytes. Raise the response size limit if this is expected.`;
  if (declared > maxBytes) return attempt.fail('response_too_large', tooLarge(`${declared} bytes (Content-Length)`));
  const chunks: Buffer[] = [];
  let size = 0;
  res.on('data', (c: Buffer) => {
    size += c.length;
    if (size > maxBytes) return attempt.fail('response_too_large', tooLarge(`over ${size} bytes and still arriving`));
    chunks.push(c);
  });
  res.on('error', (e: NodeJS.ErrnoException) => {
    const x = explainNetworkError(e.code, e.message, { target: origin, proxySource: null, host: url.host });
    attempt.fail(x.code, `The body was cut off after ${size} bytes. ${x.message}`, e.code ?? null);
  });
  res.on('end', () => {
    if (attempt.finished()) return;
    const total = attempt.at();
    attempt.end();
    onEnd({ res, body: Buffer.concat(chunks), total });
  });
}

/** The exchange as it happened: what was sent, what came back, when each stage ended, and over which connection. */
function exchangeOf(
  { res, body, total }: Received,
  startedAt: number,
  { marks }: Attempt,
  { prepared, proxy }: AttemptPlan,
  conn: Connected
): TransportExchange {
  const response: TransportResponse = {
    status: res.statusCode ?? 0,
    statusText: res.statusMessage ?? '',
    headers: pairs(res.rawHeaders),
    bodyText: body.toString('utf8'),
    bodySize: body.length,
    httpVersion: res.httpVersion,
    bodyBase64: body.toString('base64'),
  };
  return {
    request: prepared.sent,
    response,
    startedAt,
    timings: {
      dns: marks.dns ?? null,
      connect: marks.connect ?? null,
      proxy: marks.proxy ?? null,
      tls: marks.tls ?? null,
      firstByte: marks.firstByte ?? null,
      total,
    },
    tls: conn.tls,
    proxy: proxy ? { url: proxy.url, source: proxy.source, mode: proxy.mode } : null,
    remoteAddress: conn.remoteAddress,
    local: conn.local,
  };
}

function pairs(raw: readonly string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i]!, raw[i + 1]!]);
  return out;
}
