/**
 * Whether a URL's host names a place inside the user's own machine or network, read from its text: an IP literal
 * in any form the system resolver accepts (dotted, decimal, hex or octal IPv4, RFC 3493's inet_aton forms; IPv6
 * with `::` or an embedded IPv4), or a name reserved for local use. A public name that a resolver maps to a private
 * address is not seen here.
 */
export type AddressKind = 'loopback' | 'private' | 'link-local';

/** RFC 6761 §6.3 (.localhost), RFC 6762 (.local), RFC 8375 (.home.arpa), ICANN's private-use .internal. */
const LOCAL_NAMES: readonly [RegExp, AddressKind][] = [
  [/(^|\.)localhost\.?$/, 'loopback'],
  [/\.(local|internal|home\.arpa)\.?$/, 'private'],
];

export function addressKind(host: string): AddressKind | null {
  const h = host.toLowerCase();
  if (h.startsWith('[')) return ipv6Kind(h.slice(1, -1));
  const v4 = ipv4(h);
  if (v4) return ipv4Kind(v4);
  return LOCAL_NAMES.find(([re]) => re.test(h))?.[1] ?? null;
}

/** RFC 6890: 0/8 ("this host"), 127/8 loopback; 10/8, 172.16/12, 192.168/16 private, 100.64/10 shared; 169.254/16. */
function ipv4Kind([a, b]: readonly number[]): AddressKind | null {
  if (a === 127 || a === 0) return 'loopback';
  if (a === 169 && b === 254) return 'link-local';
  if (a === 10 || (a === 172 && b! >= 16 && b! < 32) || (a === 192 && b === 168) || (a === 100 && b! >= 64 && b! < 128))
    return 'private';
  return null;
}

/** An IPv4 address as inet_aton reads it (1 to 4 parts, each decimal, 0x hex or 0 octal), or null. */
function ipv4(text: string): number[] | null {
  const parts = text.replace(/\.$/, '').split('.');
  if (parts.length > 4 || !parts.every((p) => /^(0x[0-9a-f]*|[0-9]+)$/.test(p))) return null;
  const values = parts.map((p) =>
    p.startsWith('0x') ? parseInt(p.slice(2) || '0', 16) : /^0\d/.test(p) ? parseInt(p, 8) : Number(p)
  );
  if (values.some((v) => Number.isNaN(v))) return null;
  const last = values.pop()!;
  if (values.some((v) => v > 255) || last >= 256 ** (4 - values.length)) return null;
  const bytes = [...values];
  for (let i = 3 - values.length; i >= 0; i--) bytes.push(Math.floor(last / 256 ** i) % 256);
  return bytes;
}

/** RFC 4291: ::1 loopback, :: unspecified, fe80::/10 link-local, fc00::/7 unique local; IPv4-mapped read as IPv4. */
function ipv6Kind(text: string): AddressKind | null {
  const groups = ipv6Groups(text);
  if (!groups) return null;
  if (groups.slice(0, 6).every((g) => g === 0) && groups[6] === 0 && groups[7]! <= 1) return 'loopback';
  // ::ffff:a.b.c.d (IPv4-mapped, RFC 4291 §2.5.5.2) reaches the IPv4 address.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return ipv4Kind([groups[6]! >> 8, groups[6]! & 255]);
  if ((groups[0]! & 0xffc0) === 0xfe80) return 'link-local';
  if ((groups[0]! & 0xfe00) === 0xfc00) return 'private';
  return null;
}

/** The eight 16-bit groups of an IPv6 address, `::` expanded and a trailing dotted IPv4 part read as two groups. */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0]!;
  const cut = text.lastIndexOf(':');
  if (text.includes('.')) {
    const v4 = /^\d+\.\d+\.\d+\.\d+$/.test(text.slice(cut + 1)) ? ipv4(text.slice(cut + 1)) : null;
    if (!v4) return null;
    text = `${text.slice(0, cut + 1)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const read = (s: string) =>
    s === '' ? [] : s.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN));
  const front = read(halves[0]!);
  const back = halves.length === 2 ? read(halves[1]!) : [];
  const fill = 8 - front.length - back.length;
  if (halves.length === 2 ? fill < 1 : fill !== 0) return null;
  const groups = [...front, ...new Array<number>(halves.length === 2 ? fill : 0).fill(0), ...back];
  return groups.every((g) => !Number.isNaN(g)) ? groups : null;
}
