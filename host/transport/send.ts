import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { RawRequest } from '../../shared/http';
import { parseHttpUrl, type ParsedUrl } from '../../shared/url';
import { openConnection, type Mark } from './connect';
import { explainNetworkError, Failure, TransportError, type TransportPhase } from './errors';
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
function plan(
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

const seconds = (ms: number) => `${+(ms / 1000).toFixed(3)} s`;

/**
 * Sends one request with node:http over a fresh connection (one request per connection, closed after the answer)
 * and returns the exchange exactly as it happened, with this side's end of that connection (`local`).
 * Redirects are never followed: a 3xx is returned like any other answer. Fails with a TransportError.
 */
export function send(request: RawRequest, options: SendOptions = {}): Promise<TransportExchange> {
  const startedAt = (options.now ?? Date.now)();
  const t0 = performance.now();
  const at = () => Math.round((performance.now() - t0) * 1000) / 1000;
  let planned: ReturnType<typeof plan>;
  let connectTimeoutMs: number, timeoutMs: number, maxBytes: number;
  try {
    connectTimeoutMs = limit('connectTimeoutMs', options.connectTimeoutMs, request);
    timeoutMs = limit('timeoutMs', options.timeoutMs, request);
    maxBytes = limit('maxResponseBytes', options.maxResponseBytes, request);
    planned = plan(request, options);
    if (options.clientCertificate) checkClientCertificate(options.clientCertificate, request);
  } catch (e) {
    return Promise.reject(e);
  }
  const { url, proxy, prepared } = planned;
  const sent = prepared.sent;
  const port = url.port ?? (url.scheme === 'https' ? 443 : 80);
  const origin = `${url.host}:${port}`;
  const marks: Partial<Record<Mark | 'firstByte', number>> = {};
  const sockets: Socket[] = [];
  let phase: TransportPhase = 'connect';

  return new Promise<TransportExchange>((resolve, reject) => {
    let finished = false;
    const end = () => {
      finished = true;
      clearTimeout(totalTimer);
      clearTimeout(connectTimer);
      options.signal?.removeEventListener('abort', onAbort);
      for (const s of sockets) s.destroy();
    };
    const fail = (code: TransportError['code'], message: string, causeCode: string | null = null) => {
      if (finished) return;
      end();
      reject(new TransportError(code, message, sent, phase, causeCode));
    };
    const connectStage = () =>
      marks.connect === undefined
        ? marks.dns === undefined && !/^[\d.[\]:a-f]+$/i.test(url.host)
          ? 'resolving the name or opening the TCP connection'
          : 'opening the TCP connection'
        : proxy && url.scheme === 'https' && marks.proxy === undefined
          ? 'waiting for the proxy to open the tunnel'
          : 'the TLS handshake';
    const totalTimer = setTimeout(
      () =>
        fail(
          'timeout',
          `No complete answer from ${origin} within ${seconds(timeoutMs)} (total time limit, during ${phase}). The server may be slow or stuck; try again, or raise the time limit.`
        ),
      timeoutMs
    );
    const connectTimer = setTimeout(() => {
      const stage = connectStage();
      fail(
        'connect_timeout',
        `Could not connect to ${proxy ? `${origin} through the proxy ${proxy.url}` : origin} within ${seconds(connectTimeoutMs)} (stuck ${stage}). Check the host, the port and the network; a firewall may drop the packets.`
      );
    }, connectTimeoutMs);
    const onAbort = () => fail('aborted', `The request to ${origin} was cancelled before the answer was complete.`);
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });

    const connectPlan = {
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
    openConnection(
      connectPlan,
      (m) => (marks[m] = at()),
      (s) => (finished ? s.destroy() : sockets.push(s))
    ).then(
      (conn) => {
        if (finished) return void conn.socket.destroy();
        clearTimeout(connectTimer);
        phase = 'request';
        let req: ReturnType<typeof httpRequest>;
        try {
          req = httpRequest({
            createConnection: () => conn.socket,
            method: sent.method,
            path: prepared.target,
            headers: prepared.wireHeaders.flat(),
            setHost: false,
          });
        } catch (e) {
          // prepareRequest refuses what Node would; this keeps any other refusal an answer rather than a hang.
          return fail('invalid_request', `The request could not be written: ${(e as Error).message}`);
        }
        req.once('socket', (s: Socket) => s.once('data', () => (marks.firstByte ??= at())));
        req.once('finish', () => (phase = 'response'));
        req.on('error', (e: NodeJS.ErrnoException) => {
          const x = explainNetworkError(e.code, e.message, { target: origin, proxySource: null, host: url.host });
          fail(x.code, x.message, e.code ?? null);
        });
        req.once('response', (res: IncomingMessage) => {
          phase = 'response';
          marks.firstByte ??= at();
          const declared = Number(res.headers['content-length']);
          const tooLarge = (n: string) =>
            `The response body from ${origin} is ${n}, more than the limit of ${maxBytes} bytes. Raise the response size limit if this is expected.`;
          if (declared > maxBytes) return fail('response_too_large', tooLarge(`${declared} bytes (Content-Length)`));
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            size += c.length;
            if (size > maxBytes) return fail('response_too_large', tooLarge(`over ${size} bytes and still arriving`));
            chunks.push(c);
          });
          res.on('error', (e: NodeJS.ErrnoException) => {
            const x = explainNetworkError(e.code, e.message, { target: origin, proxySource: null, host: url.host });
            fail(x.code, `The body was cut off after ${size} bytes. ${x.message}`, e.code ?? null);
          });
          res.on('end', () => {
            if (finished) return;
            const total = at();
            end();
            const body = Buffer.concat(chunks);
            const response: TransportResponse = {
              status: res.statusCode ?? 0,
              statusText: res.statusMessage ?? '',
              headers: pairs(res.rawHeaders),
              bodyText: body.toString('utf8'),
              bodySize: body.length,
              httpVersion: res.httpVersion,
              bodyBase64: body.toString('base64'),
            };
            resolve({
              request: sent,
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
            });
          });
        });
        req.end(prepared.body);
      },
      (e: unknown) => {
        if (e instanceof Failure) {
          phase = e.phase;
          return fail(e.code, e.message, e.causeCode);
        }
        fail('network_error', `Connecting to ${origin} failed: ${e instanceof Error ? e.message : String(e)}.`);
      }
    );
  });
}

function pairs(raw: readonly string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i]!, raw[i + 1]!]);
  return out;
}
