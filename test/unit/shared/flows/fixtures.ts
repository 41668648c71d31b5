import type { Exchange, RawRequest } from '../../../../shared/http';

/** An exchange with the given response, for driving the pure step machines without a server. */
export function exchange(
  request: RawRequest,
  status: number,
  body: string,
  headers: [string, string][] = []
): Exchange {
  return {
    request,
    response: { status, statusText: status === 200 ? 'OK' : '', headers, bodyText: body, bodySize: body.length },
    timings: { connect: null, tls: null, firstByte: null, total: 1 },
    startedAt: 0,
  };
}

export const FORM: [string, string][] = [['Content-Type', 'application/x-www-form-urlencoded']];
export const JSON_NO_STORE: [string, string][] = [
  ['Content-Type', 'application/json'],
  ['Cache-Control', 'no-store'],
];
