/** A request as it goes on the wire (close to HAR 1.2's request object). Headers keep their order and case. */
export interface RawRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: readonly (readonly [name: string, value: string])[];
  readonly body?: string;
}

export interface RawResponse {
  readonly status: number;
  readonly statusText: string;
  readonly headers: readonly (readonly [name: string, value: string])[];
  /** The body decoded as UTF-8 (invalid bytes replaced), for display and parsing. */
  readonly bodyText: string;
  /** The exact size of the body in bytes. */
  readonly bodySize: number;
}

/** Milliseconds from the start of the exchange; null where the phase did not happen (TLS on plain HTTP). */
export interface Timings {
  readonly connect: number | null;
  readonly tls: number | null;
  readonly firstByte: number | null;
  readonly total: number;
}

export interface Exchange {
  readonly request: RawRequest;
  readonly response: RawResponse;
  readonly timings: Timings;
  readonly startedAt: number;
}

/** Case-insensitive header lookup (RFC 9110 §5.1); the first value when a header repeats. */
export function headerValue(headers: RawRequest['headers'], name: string): string | undefined {
  const lower = name.toLowerCase();
  return headers.find(([n]) => n.toLowerCase() === lower)?.[1];
}
