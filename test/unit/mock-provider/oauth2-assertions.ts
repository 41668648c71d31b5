import { expect } from 'vitest';
import { json, type Res } from './helpers';

/** An RFC 6749 §5.2 (https://www.rfc-editor.org/rfc/rfc6749#section-5.2) error: JSON with exactly error and an ASCII error_description, never cached. */
export function expectOAuth2Error(r: Res, status: number, error: string, describes?: string): Record<string, unknown> {
  expect(r.status, r.body).toBe(status);
  expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(r.headers['cache-control']).toBe('no-store');
  expect(r.headers.pragma).toBe('no-cache');
  const body = json(r.body);
  expect(Object.keys(body).sort()).toEqual(['error', 'error_description']);
  expect(body.error).toBe(error);
  expect(String(body.error_description)).toMatch(/^[\x20-\x21\x23-\x5b\x5d-\x7e]{10,}$/);
  if (describes) expect(String(body.error_description)).toContain(describes);
  return body;
}

/** RFC 6749 §2.3.1 (https://www.rfc-editor.org/rfc/rfc6749#section-2.3.1): id and secret form-urlencoded, joined by a colon, then base64. */
export const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
