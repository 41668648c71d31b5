import { z } from 'zod';
import { HTTP_TOKEN } from '../../http';

/** shared/http.ts as runtime schemas, so exchanges crossing the bridge or read from the store are checked. */
const headers = z.array(z.tuple([z.string(), z.string()]).readonly()).readonly();
const ms = z.number().nonnegative().nullable();

export const rawRequestSchema = z.strictObject({
  method: z.string().regex(HTTP_TOKEN, 'the method must be an HTTP token such as GET or POST'),
  url: z.string().min(1, 'the URL is empty'),
  headers,
  body: z.string().optional(),
});

const peerCertificateSchema = z.strictObject({
  subject: z.string(),
  issuer: z.string(),
  subjectAltName: z.string().nullable(),
  validFrom: z.string(),
  validTo: z.string(),
  fingerprint256: z.string(),
});

const tlsInfoSchema = z.strictObject({
  protocol: z.string().nullable(),
  cipher: z.string().nullable(),
  authorized: z.boolean(),
  authorizationError: z.string().nullable(),
  warning: z.string().nullable(),
  peerCertificate: peerCertificateSchema.nullable(),
  clientCertificate: z.strictObject({ subject: z.string(), fingerprint256: z.string() }).nullable().optional(),
});

/** One end of a TCP connection (shared/http.ts SocketEnd). */
export const socketEndSchema = z.strictObject({ address: z.string(), port: z.number().int().min(0).max(65535) });

const proxyInfoSchema = z.strictObject({
  url: z.string(),
  source: z.string(),
  mode: z.enum(['connect', 'absolute-form']),
});

/** An exchange as the provider records it, or as the transport sent it (the optional fields). */
export const exchangeSchema = z.strictObject({
  request: rawRequestSchema.extend({
    requestLine: z.string().optional(),
    httpVersion: z.literal('1.1').optional(),
    bodySize: z.number().int().nonnegative().optional(),
  }),
  response: z.strictObject({
    status: z.number().int(),
    statusText: z.string(),
    headers,
    bodyText: z.string(),
    bodySize: z.number().int().nonnegative(),
    httpVersion: z.string().optional(),
    bodyBase64: z.string().optional(),
  }),
  timings: z.strictObject({
    connect: ms,
    tls: ms,
    firstByte: ms,
    total: z.number().nonnegative(),
    dns: ms.optional(),
    proxy: ms.optional(),
  }),
  startedAt: z.number(),
  tls: tlsInfoSchema.nullable().optional(),
  proxy: proxyInfoSchema.nullable().optional(),
  remoteAddress: z.string().nullable().optional(),
  // Optional: exchanges stored before the client's end of the connection was recorded have none.
  local: socketEndSchema.nullable().optional(),
});
