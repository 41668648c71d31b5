import type { ServerResponse } from 'node:http';
import { CONTRACT_ERROR } from '../../shared/bridge/result';

/**
 * Headers every answer of the web host carries, whatever its type. The host serves secrets to one tab, so nothing
 * it answers may be sniffed into another type, embedded by another origin, or leak its URL in a Referer.
 */
export const BASE_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  // Even a same-site page (another port on 127.0.0.1 is same-site) cannot load our responses with <script>/<img>.
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

/** The page's policy: only our own scripts, styles inline for React, no framing, no forms, no base. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** A JSON answer. Bodies are never logged; Cache-Control keeps results (which may hold secrets) out of caches. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  extra: Readonly<Record<string, string>> = {}
): void {
  if (res.headersSent || res.destroyed) return;
  let text: string;
  try {
    text = JSON.stringify(body);
  } catch (e) {
    // A handler returned something JSON cannot carry (a BigInt, a cycle): still an answer, as data.
    status = 500;
    text = JSON.stringify({
      ok: false,
      error: {
        code: CONTRACT_ERROR.INTERNAL,
        message: `The result could not be encoded as JSON: ${(e as Error).message}`,
      },
    });
  }
  res.writeHead(status, {
    ...BASE_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': String(Buffer.byteLength(text)),
    ...extra,
  });
  res.end(text);
}

/** `{ok:false, error:{code, message}}` with an HTTP status: the same shape the bridge uses for every error. */
/** Codes the web host answers at the HTTP layer, before a call reaches the contract (beside CONTRACT_ERROR). */
export const WEB_ERROR = {
  /** The path is served, but not with this method (405, with Allow). */
  METHOD_NOT_ALLOWED: 'method_not_allowed',
  /** The call body is over the host's limit (413). */
  PAYLOAD_TOO_LARGE: 'payload_too_large',
  /** A call body that is not application/json (415). */
  UNSUPPORTED_MEDIA_TYPE: 'unsupported_media_type',
  /** A static file path that escapes the page's folder or does not decode (400). */
  BAD_PATH: 'bad_path',
} as const;

type WebAnswerCode = (typeof WEB_ERROR)[keyof typeof WEB_ERROR] | (typeof CONTRACT_ERROR)[keyof typeof CONTRACT_ERROR];

export function sendError(
  res: ServerResponse,
  status: number,
  code: WebAnswerCode,
  message: string,
  extra: Readonly<Record<string, string>> = {}
): void {
  sendJson(res, status, { ok: false, error: { code, message } }, extra);
}

/** 403 `forbidden`: the one answer to every request the security checks refuse. */
export function forbid(res: ServerResponse, message: string): void {
  sendError(res, 403, CONTRACT_ERROR.FORBIDDEN, message);
}
