import { ProtocolError } from '../errors';
import type { Param } from './parameters';
import { percentDecode, percentEncode } from './percent-encoding';

const quote = (text: string) => `"${text.replace(/[\\"]/g, '\\$&')}"`;

/**
 * RFC 5849 §3.5.1: `OAuth ` then `name="value"` pairs, names and values percent-encoded, in the given order.
 * The realm, when present, comes first, is a plain quoted-string (RFC 2617) and is never part of the signature.
 */
export function buildAuthorizationHeader(params: readonly Param[], realm?: string | null, separator = ', '): string {
  const parts = params.map(([n, v]) => `${percentEncode(n, 'authorization-header')}="${percentEncode(v, 'authorization-header')}"`);
  if (realm !== undefined && realm !== null) parts.unshift(`realm=${quote(realm)}`);
  return `OAuth ${parts.join(separator)}`;
}

export interface ParsedAuthorizationHeader {
  readonly realm: string | null;
  /** Every other parameter, decoded, in the order sent (duplicates kept, so a server can reject them). */
  readonly params: Param[];
}

/** Parses an `Authorization: OAuth ...` value. Anything malformed is an error that says where and why. */
export function parseAuthorizationHeader(value: string): ParsedAuthorizationHeader {
  const fail = (at: number, why: string): never => {
    throw new ProtocolError('invalid_authorization_header', 'authorization-header', `Authorization header, character ${at + 1}: ${why}`);
  };
  const scheme = /^\s*(\S+)(?:\s+|$)/.exec(value);
  if (!scheme || scheme[1]!.toLowerCase() !== 'oauth') fail(0, `expected the scheme "OAuth" first, found ${JSON.stringify(scheme?.[1] ?? '')}.`);
  let i = scheme![0].length;
  let realm: string | null = null;
  const params: Param[] = [];
  const skipSpace = () => {
    while (value[i] === ' ' || value[i] === '\t') i++;
  };
  while (i < value.length) {
    skipSpace();
    if (value[i] === ',') { i++; continue; } // RFC 9110 §5.6.1: empty list elements are allowed
    if (i >= value.length) break;
    const nameMatch = /^[A-Za-z0-9\-._~%!#$&'*+^`|]+/.exec(value.slice(i));
    if (!nameMatch) fail(i, `expected a parameter name, found ${JSON.stringify(value[i])}.`);
    const rawName = nameMatch![0];
    i += rawName.length;
    skipSpace();
    if (value[i] !== '=') fail(i, `expected "=" after parameter name "${rawName}".`);
    i++;
    skipSpace();
    if (value[i] !== '"') fail(i, `the value of "${rawName}" must be in double quotes (RFC 5849 §3.5.1).`);
    const start = i;
    i++;
    let raw = '';
    while (i < value.length && value[i] !== '"') {
      if (value[i] === '\\') i++;
      raw += value[i] ?? '';
      i++;
    }
    if (value[i] !== '"') fail(start, `the quoted value of "${rawName}" is never closed.`);
    i++;
    const name = percentDecode(rawName, false, 'authorization-header');
    if (name === 'realm') realm = raw;
    else params.push([name, percentDecode(raw, false, 'authorization-header')]);
    skipSpace();
    if (i < value.length && value[i] !== ',') fail(i, `expected "," between parameters, found ${JSON.stringify(value[i])}.`);
  }
  return { realm, params };
}
