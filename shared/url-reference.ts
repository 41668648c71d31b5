import { authorityOf, parseHttpUrl } from './url';

/** RFC 3986 §5.2.4 (https://www.rfc-editor.org/rfc/rfc3986#section-5.2.4): "." and ".." segments removed from a path. */
function removeDotSegments(path: string): string {
  const out: string[] = [];
  const segments = path.split('/');
  segments.forEach((s, i) => {
    const last = i === segments.length - 1;
    if (s === '..') {
      if (out.length > 1) out.pop();
      if (last) out.push('');
    } else if (s === '.') {
      if (last) out.push('');
    } else out.push(s);
  });
  return out.join('/');
}

/**
 * A URI reference (a Location header, a path typed for a profile's API) resolved against an absolute http(s) base
 * URL, as RFC 3986 §5.2.2 (https://www.rfc-editor.org/rfc/rfc3986#section-5.2.2) does: an absolute URL as is, `//host/…` with the base's scheme, `/path` on the base's
 * origin, any other path merged with the base's directory; a lone `?query` keeps the base's path.
 */
export function resolveReference(base: string, reference: string): string {
  const ref = reference.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(ref)) return ref;
  const b = parseHttpUrl(base);
  if (ref.startsWith('//')) return `${b.scheme}:${ref}`;
  const origin = `${b.scheme}://${authorityOf(b)}`;
  const [, pathPart = '', suffix = ''] = /^([^?#]*)(.*)$/s.exec(ref)!;
  if (pathPart === '') {
    const query = suffix.startsWith('?') || b.query === null ? '' : `?${b.query}`;
    return `${origin}${b.path || '/'}${query}${suffix}`;
  }
  if (pathPart.startsWith('/')) return `${origin}${removeDotSegments(pathPart)}${suffix}`;
  const directory = (b.path || '/').replace(/[^/]*$/, '');
  return `${origin}${removeDotSegments(directory + pathPart)}${suffix}`;
}
