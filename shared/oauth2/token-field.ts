/**
 * Where a token response keeps its access token: `access_token` at the top (RFC 6749 §5.1 (https://www.rfc-editor.org/rfc/rfc6749#section-5.1)), in one nested object
 * (Slack's `authed_user.access_token`), or, for a provider that names it otherwise, the field a profile names: a
 * dotted path such as `AccessToken`, `token` or `data.access_token`.
 */

const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v !== '';
const isObject = (v: unknown): v is Readonly<Record<string, unknown>> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/** Why a field path cannot name a field (empty segments, spaces), or null when it can. */
export function tokenFieldProblem(path: string): string | null {
  if (path === '') return null;
  if (path.split('.').some((part) => part === '' || /\s/.test(part)))
    return `${JSON.stringify(path)} is not a field name or a dotted path of names (such as AccessToken or data.access_token): no spaces, no empty names`;
  return null;
}

/** The object holding the access token, the prefix of its path (`authed_user.`) and the token's own field name. */
export interface TokenHolder {
  readonly holder: Readonly<Record<string, unknown>>;
  readonly at: string;
  readonly key: string;
}

/** The access token's holder: at the named path when one is given, else `access_token` at the top or one level down. */
export function tokenHolder(fields: Readonly<Record<string, unknown>>, path: string | null): TokenHolder | null {
  if (path) {
    const parts = path.split('.');
    const key = parts.pop()!;
    let holder: unknown = fields;
    for (const part of parts) holder = isObject(holder) ? holder[part] : undefined;
    return isObject(holder) && nonEmpty(holder[key]) ? { holder, at: parts.map((p) => `${p}.`).join(''), key } : null;
  }
  if (nonEmpty(fields.access_token)) return { holder: fields, at: '', key: 'access_token' };
  for (const [name, value] of Object.entries(fields))
    if (isObject(value) && nonEmpty(value.access_token)) return { holder: value, at: `${name}.`, key: 'access_token' };
  return null;
}

/** Every field's dotted path (nested objects opened, two levels deep), for saying what arrived; at most `limit`. */
export function fieldPaths(fields: Readonly<Record<string, unknown>>, limit = 20, prefix = '', depth = 0): string[] {
  const paths = Object.entries(fields).flatMap(([name, value]) =>
    isObject(value) && depth < 2 && Object.keys(value).length
      ? fieldPaths(value, limit, `${prefix}${name}.`, depth + 1)
      : [`${prefix}${name}`]
  );
  return paths.slice(0, limit);
}
