/**
 * `WWW-Authenticate` read as RFC 9110 §11.6.1 (https://www.rfc-editor.org/rfc/rfc9110#section-11.6.1) writes it:
 * challenges separated by commas, each a scheme followed by a token68 or by comma-separated auth-params whose names
 * are case-insensitive and whose values are tokens or quoted strings. Tolerant, as a client must be: spaces around
 * `=`, empty list elements and an unterminated quoted string are read, never thrown on.
 */
export interface Challenge {
  /** The scheme as sent (compare it case-insensitively). */
  readonly scheme: string;
  /** The auth-params, names lowercased; a repeated name keeps its first value. */
  readonly params: Readonly<Record<string, string>>;
  readonly token68: string | null;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+/;
const PARAM = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+)[ \t]*=[ \t]*(?:"((?:[^"\\]|\\.)*)"?|([!#$%&'*+\-.^_`|~0-9A-Za-z]+))/;
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*(?=[ \t]*(?:,|$))/;

/** Every challenge in the header's values (several header lines are one comma-separated list, RFC 9110 §5.3). */
export function parseChallenges(values: readonly string[]): Challenge[] {
  let rest = values.join(', ');
  const challenges: Challenge[] = [];
  const skip = (re: RegExp) => (rest = rest.replace(re, ''));
  for (;;) {
    skip(/^[\s,]+/);
    const scheme = TOKEN.exec(rest)?.[0];
    if (!scheme) break;
    rest = rest.slice(scheme.length);
    skip(/^[ \t]+/);
    const params: Record<string, string> = {};
    let token68: string | null = null;
    const t68 = PARAM.test(rest) ? null : TOKEN68.exec(rest);
    if (t68) {
      token68 = t68[0];
      rest = rest.slice(t68[0].length);
    } else
      for (;;) {
        const p = PARAM.exec(rest);
        if (!p) break;
        const name = p[1]!.toLowerCase();
        if (!(name in params)) params[name] = p[3] ?? p[2]!.replace(/\\(.)/g, '$1');
        rest = rest.slice(p[0].length);
        // Another auth-param follows a comma; a token without "=" after the comma starts the next challenge.
        const next = /^[ \t]*,[\s,]*/.exec(rest);
        if (!next || !PARAM.test(rest.slice(next[0].length))) break;
        rest = rest.slice(next[0].length);
      }
    challenges.push({ scheme, params, token68 });
    // Anything this grammar cannot read up to the next comma is skipped, so one bad challenge does not hide the rest.
    skip(/^[^,]*/);
  }
  return challenges;
}

/** The Bearer challenge (RFC 6750 §3 (https://www.rfc-editor.org/rfc/rfc6750#section-3)) among them, if any. */
export const bearerChallenge = (challenges: readonly Challenge[]): Challenge | null =>
  challenges.find((c) => c.scheme.toLowerCase() === 'bearer') ?? null;

/**
 * The challenge that asks for an access token: Bearer (RFC 6750 §3), else DPoP (RFC 9449 §7.1
 * (https://www.rfc-editor.org/rfc/rfc9449#section-7.1)), whose parameters are Bearer's.
 */
export const tokenChallenge = (challenges: readonly Challenge[]): Challenge | null =>
  bearerChallenge(challenges) ?? challenges.find((c) => c.scheme.toLowerCase() === 'dpop') ?? null;
