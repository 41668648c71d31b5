import { ProtocolError, PROTOCOL_ERROR } from '../errors';
import type { Param } from '../url-encoded';
import { percentDecode, percentEncode } from '../percent-encoding';

const quote = (text: string) => `"${text.replace(/[\\"]/g, '\\$&')}"`;

/**
 * RFC 5849 §3.5.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.5.1): `OAuth ` then `name="value"` pairs, names and values percent-encoded, in the given order.
 * The realm, when present, comes first, is a plain quoted-string (RFC 2617 (https://www.rfc-editor.org/rfc/rfc2617)) and is never part of the signature.
 */
export function buildAuthorizationHeader(params: readonly Param[], realm?: string | null, separator = ', '): string {
  const parts = params.map(
    ([n, v]) => `${percentEncode(n, 'authorization-header')}="${percentEncode(v, 'authorization-header')}"`
  );
  if (realm !== undefined && realm !== null) parts.unshift(`realm=${quote(realm)}`);
  return `OAuth ${parts.join(separator)}`;
}

export interface ParsedAuthorizationHeader {
  readonly realm: string | null;
  /** Every other parameter, decoded, in the order sent (duplicates kept, so a server can reject them). */
  readonly params: Param[];
}

const SCHEME = /^\s*(\S+)(?:\s+|$)/;
/** A parameter name: RFC 9110 §5.6.2 (https://www.rfc-editor.org/rfc/rfc9110#section-5.6.2) token characters (percent-encoded names, RFC 5849 §3.5.1, are made of them). */
const NAME = /[A-Za-z0-9\-._~%!#$&'*+^`|]+/y;
const SPACE = 0x20;
const TAB = 0x09;
const COMMA = 0x2c;
const EQUALS = 0x3d;
const QUOTE = 0x22;

const headerError = (at: number, why: string) =>
  new ProtocolError(
    PROTOCOL_ERROR.INVALID_AUTHORIZATION_HEADER,
    'authorization-header',
    `Authorization header, character ${at + 1}: ${why}`
  );

function skipSpace(value: string, i: number): number {
  let c = value.charCodeAt(i);
  while (c === SPACE || c === TAB) c = value.charCodeAt(++i);
  return i;
}

/**
 * Parses an `Authorization: OAuth ...` value. Anything malformed is an error that says where and why.
 * Grammar: the scheme, then a comma-separated list (empty elements allowed, RFC 9110 §5.6.1 (https://www.rfc-editor.org/rfc/rfc9110#section-5.6.1)) of `name="value"`
 * with optional spaces or tabs around `=` and `,`; inside the quotes a backslash takes the next character as it is
 * (RFC 9110 §5.6.4 (https://www.rfc-editor.org/rfc/rfc9110#section-5.6.4) quoted-pair). The scan jumps with a sticky regex and indexOf instead of walking each character,
 * since the provider parses one header per request.
 */
export function parseAuthorizationHeader(value: string): ParsedAuthorizationHeader {
  const scheme = SCHEME.exec(value);
  if (!scheme || scheme[1]!.toLowerCase() !== 'oauth')
    throw headerError(0, `expected the scheme "OAuth" first, found ${JSON.stringify(scheme?.[1] ?? '')}.`);
  const end = value.length;
  let i = scheme[0].length;
  let realm: string | null = null;
  const params: Param[] = [];
  // Position of the next backslash at or after the scan position (2^32 - 1 when there is none), looked up again
  // only once the scan has passed it, so a header without backslashes is searched for them once.
  let backslash = -1;
  while (i < end) {
    i = skipSpace(value, i);
    if (value.charCodeAt(i) === COMMA) {
      i++;
      continue;
    }
    if (i >= end) break;
    NAME.lastIndex = i;
    if (!NAME.test(value)) throw headerError(i, `expected a parameter name, found ${JSON.stringify(value[i])}.`);
    const rawName = value.slice(i, NAME.lastIndex);
    i = skipSpace(value, NAME.lastIndex);
    if (value.charCodeAt(i) !== EQUALS) throw headerError(i, `expected "=" after parameter name "${rawName}".`);
    i = skipSpace(value, i + 1);
    if (value.charCodeAt(i) !== QUOTE)
      throw headerError(i, `the value of "${rawName}" must be in double quotes (RFC 5849 §3.5.1).`);
    const start = i;
    let raw = '';
    let from = i + 1;
    for (;;) {
      const close = value.indexOf('"', from);
      if (backslash < from) backslash = value.indexOf('\\', from) >>> 0;
      if (backslash < close || (close < 0 && backslash < end)) {
        // A quoted-pair: the character after the backslash is taken as it is (none when the header ends there).
        raw += value.slice(from, backslash) + (value[backslash + 1] ?? '');
        from = backslash + 2;
        continue;
      }
      if (close < 0) throw headerError(start, `the quoted value of "${rawName}" is never closed.`);
      raw += value.slice(from, close);
      i = close + 1;
      break;
    }
    const name = percentDecode(rawName, false, 'authorization-header');
    if (name === 'realm') realm = raw;
    else params.push([name, percentDecode(raw, false, 'authorization-header')]);
    i = skipSpace(value, i);
    if (i < end && value.charCodeAt(i) !== COMMA)
      throw headerError(i, `expected "," between parameters, found ${JSON.stringify(value[i])}.`);
  }
  return { realm, params };
}
