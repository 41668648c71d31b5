import { randomBytes } from 'node:crypto';

/**
 * The name browser mode is served under: `oauth-lab-<32 hex digits>.localhost`, new for every launch. Browsers keep
 * cookies per host name, not per port (RFC 6265 §8.5), so a cookie set on 127.0.0.1 reaches every other listener on
 * 127.0.0.1, including another local user's. Under a name of its own the cookie is host-only for that name, and no
 * other listener can be reached under it without knowing it. Chromium, Firefox and curl resolve every `*.localhost`
 * name to loopback themselves (RFC 6761 §6.3), so no DNS or hosts file is involved; and each name is a site of its own
 * (no registrable domain spans `localhost`), so SameSite=Strict keeps the cookie off every request another page starts.
 */
export function newLaunchHostName(): string {
  return `oauth-lab-${randomBytes(16).toString('hex')}.localhost`;
}
