/**
 * A small JSON Schema draft-04 checker, enough for the SARIF 2.1.0 schema: every keyword that schema uses ($ref to
 * its own definitions, type, properties, additionalProperties, required, items, enum, anyOf, oneOf, minimum,
 * maximum, minItems, uniqueItems, pattern, format uri / uri-reference / date-time). An unknown keyword is an error,
 * so a schema it cannot judge fully is never passed silently. Returns the problems, each with its JSON path.
 */
type Schema = Readonly<Record<string, unknown>>;

const IGNORED = new Set(['$schema', 'id', 'title', 'description', 'default', 'definitions']);
const KNOWN = new Set([
  '$ref',
  'type',
  'properties',
  'additionalProperties',
  'required',
  'items',
  'enum',
  'anyOf',
  'oneOf',
  'minimum',
  'maximum',
  'minItems',
  'uniqueItems',
  'pattern',
  'format',
]);

const typeOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v;
const isType = (v: unknown, t: string) => typeOf(v) === t || (t === 'number' && typeOf(v) === 'integer');
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

function formatOk(format: string, v: string): boolean {
  if (format === 'date-time') return RFC3339.test(v);
  try {
    new URL(v, format === 'uri-reference' ? 'http://base.invalid/' : undefined);
    return true;
  } catch {
    return false;
  }
}

export function validateDraft4(root: Schema, value: unknown): string[] {
  const resolve = (ref: string): Schema => {
    if (!ref.startsWith('#/')) throw new Error(`only local $ref is supported; got ${ref}`);
    return ref
      .slice(2)
      .split('/')
      .reduce<Schema>((s, k) => s[k] as Schema, root);
  };
  const check = (schema: Schema, v: unknown, path: string): string[] => {
    const out: string[] = [];
    for (const k of Object.keys(schema))
      if (!KNOWN.has(k) && !IGNORED.has(k)) throw new Error(`unsupported keyword ${k} at ${path}`);
    if (typeof schema.$ref === 'string') return check(resolve(schema.$ref), v, path);
    const s = schema as Record<string, unknown>;
    if (s.type !== undefined) {
      const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
      if (!types.some((t) => isType(v, t))) return [`${path}: is ${typeOf(v)}; expected ${types.join(' or ')}`];
    }
    if (s.enum && !(s.enum as unknown[]).some((e) => JSON.stringify(e) === JSON.stringify(v)))
      out.push(`${path}: ${JSON.stringify(v)} is not one of ${JSON.stringify(s.enum)}`);
    if (s.anyOf && !(s.anyOf as Schema[]).some((sub) => check(sub, v, path).length === 0))
      out.push(`${path}: matches none of anyOf`);
    if (s.oneOf && (s.oneOf as Schema[]).filter((sub) => check(sub, v, path).length === 0).length !== 1)
      out.push(`${path}: does not match exactly one of oneOf`);
    if (typeof v === 'number') {
      if (typeof s.minimum === 'number' && v < s.minimum) out.push(`${path}: ${v} < minimum ${s.minimum}`);
      if (typeof s.maximum === 'number' && v > s.maximum) out.push(`${path}: ${v} > maximum ${s.maximum}`);
    }
    if (typeof v === 'string') {
      if (typeof s.pattern === 'string' && !new RegExp(s.pattern, 'u').test(v))
        out.push(`${path}: does not match ${s.pattern}`);
      if (typeof s.format === 'string' && !formatOk(s.format, v)) out.push(`${path}: is not a ${s.format}`);
    }
    if (Array.isArray(v)) {
      if (typeof s.minItems === 'number' && v.length < s.minItems) out.push(`${path}: fewer than ${s.minItems} items`);
      if (s.uniqueItems && new Set(v.map((x) => JSON.stringify(x))).size !== v.length)
        out.push(`${path}: items are not unique`);
      if (s.items) v.forEach((x, i) => out.push(...check(s.items as Schema, x, `${path}[${i}]`)));
    }
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const obj = v as Record<string, unknown>;
      const props = (s.properties ?? {}) as Record<string, Schema>;
      for (const r of (s.required ?? []) as string[]) if (!(r in obj)) out.push(`${path}: ${r} is required`);
      for (const [k, x] of Object.entries(obj)) {
        if (props[k]) out.push(...check(props[k], x, `${path}.${k}`));
        else if (s.additionalProperties === false) out.push(`${path}: ${k} is not allowed`);
        else if (s.additionalProperties && typeof s.additionalProperties === 'object')
          out.push(...check(s.additionalProperties as Schema, x, `${path}.${k}`));
      }
    }
    return out;
  };
  return check(root, value, '$');
}
