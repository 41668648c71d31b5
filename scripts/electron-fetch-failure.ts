/**
 * Why Electron's installer failed, in a few words, from what it printed (see electron-fetch-cause.cjs for how the
 * network cause gets there). The first matching rule wins; anything else is the installer's first line.
 */
const RULES: readonly [RegExp, (m: RegExpMatchArray) => string][] = [
  [/cause (?:ENOTFOUND|EAI_AGAIN): getaddrinfo \w+ ([^\s)]+)/, (m) => `DNS could not resolve ${m[1]}`],
  [/cause ECONNREFUSED: connect ECONNREFUSED ([^\s)]+)/, (m) => `connection refused by ${m[1]}`],
  [/cause ECONNREFUSED/, () => 'connection refused'],
  [/cause (?:ECONNRESET|UND_ERR_SOCKET)/, () => 'the connection was closed mid-way'],
  [
    /cause (?:ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT|UND_ERR_BODY_TIMEOUT)/,
    () => 'the connection timed out',
  ],
  [/cause \w+: Proxy response \((\d+)\)/, (m) => `the proxy refused the connection (HTTP ${m[1]})`],
  [
    /cause (?:UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT|CERT_\w+|ERR_TLS_\w+)/,
    () => 'the TLS certificate was not trusted (a proxy that inspects TLS? set NODE_EXTRA_CA_CERTS)',
  ],
  [/Response code 407/, () => 'the proxy asks for authentication (HTTP 407)'],
  [/Response code (\d{3}) \(([^)]*)\) for (\S+)/, (m) => `the server answered ${m[1]} ${m[2]} for ${m[3]}`],
  [
    /Generated checksum for "([^"]+)" did not match/,
    (m) => `the checksum of ${m[1]} did not match (a damaged or tampered download)`,
  ],
  [/No checksum found in checksum file for "([^"]+)"/, (m) => `no checksum is published for ${m[1]}`],
  [/Cannot find module '([^']+)'/, (m) => `the installer could not load ${m[1]} (reinstall with npm ci)`],
];

export function fetchFailureReason(output: string): string {
  for (const [pattern, describe] of RULES) {
    const match = output.match(pattern);
    if (match) return describe(match);
  }
  const first = output.split('\n').find((line) => line.trim() !== '');
  // Written to a terminal: control characters are shown escaped, never obeyed.
  return first
    ? `the installer said: ${JSON.stringify(first.trim()).slice(1, -1)}`
    : 'the installer failed without saying why';
}
