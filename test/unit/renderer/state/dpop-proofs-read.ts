import type { RandomPort } from '../../../../shared/ports';
import type { FlowRun } from './parity-host';

/** The source with each 16-octet draw (a DPoP proof's jti, RFC 9449 §4.2) kept, base64url, in `drawn`. */
export function keepingJtis(random: RandomPort, drawn: string[]): RandomPort {
  return {
    bytes: (length) => {
      const bytes = random.bytes(length);
      if (length === 16) drawn.push(Buffer.from(bytes).toString('base64url'));
      return bytes;
    },
  };
}

const part = (b64: string) => JSON.parse(Buffer.from(b64, 'base64url').toString('utf8')) as Record<string, unknown>;

/**
 * The run with each DPoP proof read: its header and claims, the jti replaced by its rank among the run's jtis (a
 * replay shows the same rank), the signature left out (ES256 signs with a fresh k each time). Every other byte as
 * sent. `jtis`: the run's jtis in order.
 */
export function proofsRead(run: FlowRun): { readonly run: FlowRun; readonly jtis: readonly string[] } {
  const jtis: string[] = [];
  const read = (jwt: string) => {
    const [header, payload] = jwt.split('.');
    const claims = part(payload!);
    const jti = String(claims.jti);
    if (!jtis.includes(jti)) jtis.push(jti);
    return JSON.stringify({ header: part(header!), claims: { ...claims, jti: `#${jtis.indexOf(jti)}` } });
  };
  const exchanges = run.exchanges.map((e) => ({
    ...e,
    request: {
      ...e.request,
      headers: e.request.headers.map(([n, v]) => [n, n.toLowerCase() === 'dpop' ? read(v) : v] as [string, string]),
    },
  }));
  return { run: { ...run, exchanges }, jtis };
}
