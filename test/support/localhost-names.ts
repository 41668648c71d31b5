import dns from 'node:dns';

/**
 * Browser mode is served under a `*.localhost` name (host/web/host-name.ts). Chromium, Firefox and curl resolve
 * such names to loopback themselves (RFC 6761 §6.3); Node asks the system resolver, which on most Linux machines
 * knows only `localhost` itself. Tests that reach the web host from Node (fetch, http.request) resolve them the way
 * the browsers do: `dns.lookup` is what both use, read at every connection. Any other name goes to the system.
 */
export function resolveLocalhostNamesLikeBrowsers(): void {
  if (patched) return;
  patched = true;
  const system = dns.lookup;
  const lookup = (hostname: string, options: unknown, callback?: unknown): void => {
    const [opts, done] = typeof options === 'function' ? [{}, options] : [options, callback];
    const { all, family } = (typeof opts === 'number' ? { family: opts } : (opts ?? {})) as dns.LookupOptions;
    if (!/\.localhost\.?$/i.test(hostname) || family === 6)
      return (system as (h: string, o: unknown, c: unknown) => void)(hostname, opts, done);
    const reply = done as (e: null, address: string | dns.LookupAddress[], family?: number) => void;
    if (all) reply(null, [{ address: '127.0.0.1', family: 4 }]);
    else reply(null, '127.0.0.1', 4);
  };
  dns.lookup = lookup as typeof dns.lookup;
}
let patched = false;
