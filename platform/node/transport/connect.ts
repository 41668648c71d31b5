import { lookup as dnsLookup } from 'node:dns';
import { connect as netConnect, isIP, type LookupFunction, type Socket } from 'node:net';
import { checkServerIdentity, connect as tlsConnect, rootCertificates, type TLSSocket } from 'node:tls';
import { clientCertificateInfo } from './client-certificate';
import { explainNetworkError, Failure, type TransportPhase } from './errors';
import type { ProxyChoice } from './proxy';
import { tunnel } from './tunnel';
import { describeCertificate, explainTlsError, UNTRUSTED_ISSUER } from './tls-errors';
import type { SocketEnd, TlsInfo } from './types';

export interface ConnectPlan {
  readonly scheme: 'http' | 'https';
  /** The host as in the URL (IPv6 in brackets). */
  readonly host: string;
  readonly port: number;
  readonly proxy: ProxyChoice | null;
  readonly allowSelfSigned: boolean;
  readonly ca: readonly string[];
  readonly clientCertificate: { readonly cert: string; readonly key: string } | null;
  readonly lookup: LookupFunction | undefined;
  readonly now: () => number;
}

export type Mark = 'dns' | 'connect' | 'proxy' | 'tls';

export interface Connected {
  readonly socket: Socket;
  readonly tls: TlsInfo | null;
  readonly remoteAddress: string | null;
  /** This side's end of the TCP connection (to the proxy when one is used). */
  readonly local: SocketEnd | null;
}

const bare = (host: string) => host.replace(/^\[(.*)\]$/, '$1');
const namesDetail = (reason: string, san: string | undefined) =>
  `${reason.replace(/[.:\s]+$/, '')}; the certificate covers ${san ? san : 'no subject alternative names'}`;

/** A socket that settles on the first of: `event`, error, close. Errors become Failures in words. */
function settle<T>(
  socket: Socket,
  event: string,
  explain: (e: NodeJS.ErrnoException) => Failure,
  value: () => T
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) => {
      off();
      reject(explain(e));
    };
    const onClose = () => {
      off();
      reject(explain(Object.assign(new Error('the connection closed'), { code: 'ECONNRESET' })));
    };
    const onEvent = () => {
      off();
      try {
        resolve(value());
      } catch (e) {
        reject(e);
      }
    };
    const off = () => {
      socket.off('error', onError).off('close', onClose).off(event, onEvent);
    };
    socket.once('error', onError).once('close', onClose).once(event, onEvent);
  });
}

/**
 * Opens the connection the request will be written to: TCP to the server or the proxy, a CONNECT tunnel for https
 * through a proxy, then TLS. `mark` records each phase; `track` receives every socket so the caller can destroy it.
 */
export async function openConnection(
  plan: ConnectPlan,
  mark: (m: Mark) => void,
  track: (s: Socket) => void
): Promise<Connected> {
  const host = bare(plan.host);
  const hop = plan.proxy ? { host: plan.proxy.host, port: plan.proxy.port } : { host, port: plan.port };
  const where = {
    target: plan.proxy ? `${plan.proxy.host}:${plan.proxy.port}` : `${plan.host}:${plan.port}`,
    proxySource: plan.proxy?.source ?? null,
    host,
  };
  const netFailure = (phase: TransportPhase) => (e: NodeJS.ErrnoException) => {
    const x = explainNetworkError(e.code, e.message, where);
    return new Failure(x.code, x.message, phase, e.code ?? null);
  };
  const direct = plan.scheme === 'https' && !plan.proxy;
  // Marks the end of name resolution whether the resolver answers at once or later (the 'lookup' event may fire
  // before a listener can be attached when a resolver calls back synchronously).
  const resolver = (plan.lookup ?? dnsLookup) as (...args: unknown[]) => void;
  const lookup = ((name: string, options: unknown, cb: (err: unknown, ...rest: unknown[]) => void) =>
    resolver(name, options, (err: unknown, ...rest: unknown[]) => {
      if (!err) mark('dns');
      cb(err, ...rest);
    })) as LookupFunction;
  const tlsOptions = {
    servername: isIP(host) ? undefined : host,
    rejectUnauthorized: !plan.allowSelfSigned,
    ALPNProtocols: ['http/1.1'],
    ...(plan.ca.length ? { ca: [...rootCertificates, ...plan.ca] } : {}),
    ...(plan.clientCertificate ?? {}),
  };
  // Direct https: one TLS socket does DNS, TCP and the handshake. Otherwise: plain TCP first.
  const first: Socket = direct
    ? tlsConnect({ host, port: plan.port, lookup, ...tlsOptions })
    : netConnect({ host: hop.host, port: hop.port, lookup });
  track(first);
  first.setNoDelay(true);
  await settle(first, 'connect', netFailure('connect'), () => mark('connect'));
  const remoteAddress = first.remoteAddress ?? null;
  const local =
    first.localAddress !== undefined && first.localPort !== undefined
      ? { address: first.localAddress, port: first.localPort }
      : null;
  // An https:// proxy: TLS with the proxy itself, checked like any server's, before anything is said to it.
  const toProxy = plan.proxy?.tls ? await proxyTls(first, plan, track, netFailure) : first;
  if (plan.scheme === 'http') return { socket: toProxy, tls: null, remoteAddress, local };

  let tlsSocket = first as TLSSocket;
  if (plan.proxy) {
    await tunnel(toProxy, `${plan.host}:${plan.port}`, plan.proxy);
    mark('proxy');
    tlsSocket = tlsConnect({ socket: toProxy, host, ...tlsOptions });
    toProxy.on('error', () => {}); // the TLS socket on top reports errors of the tunnel
    track(tlsSocket);
  }
  const tlsFailure = (e: NodeJS.ErrnoException & { reason?: string; cert?: { subjectaltname?: string } }) => {
    const t = explainTlsError(
      e.code,
      `${plan.host}:${plan.port}`,
      e.reason ? namesDetail(e.reason, e.cert?.subjectaltname) : null
    );
    return t ? new Failure(t.code, t.message, 'tls', e.code ?? null) : netFailure('tls')(e);
  };
  const tls = await settle(tlsSocket, 'secureConnect', tlsFailure, () => verify(tlsSocket, plan, host));
  mark('tls');
  return { socket: tlsSocket, tls, remoteAddress, local };
}

/** TLS with an https:// proxy over the TCP connection to it (the proxy's certificate checked as a server's is). */
async function proxyTls(
  socket: Socket,
  plan: ConnectPlan,
  track: (s: Socket) => void,
  netFailure: (phase: TransportPhase) => (e: NodeJS.ErrnoException) => Failure
): Promise<TLSSocket> {
  const proxy = plan.proxy!;
  const s = tlsConnect({
    socket,
    servername: isIP(proxy.host) ? undefined : proxy.host,
    rejectUnauthorized: !plan.allowSelfSigned,
    ...(plan.ca.length ? { ca: [...rootCertificates, ...plan.ca] } : {}),
  });
  socket.on('error', () => {}); // the TLS socket on top reports them
  track(s);
  const label = `the proxy ${proxy.url} (from ${proxy.source})`;
  await settle(
    s,
    'secureConnect',
    (e) => {
      const t = explainTlsError(e.code, label, null);
      return t ? new Failure(t.code, t.message, 'proxy', e.code ?? null) : netFailure('proxy')(e);
    },
    () => undefined
  );
  return s;
}

/**
 * After the handshake. Without allowSelfSigned Node has already refused any bad certificate. With it, only an
 * untrusted issuer is forgiven: the host name and the validity dates are still checked here.
 */
function verify(s: TLSSocket, plan: ConnectPlan, host: string): TlsInfo {
  const cert = s.getPeerCertificate();
  const peer = cert && Object.keys(cert).length > 0 ? describeCertificate(cert) : null;
  const info = {
    protocol: s.getProtocol(),
    cipher: s.getCipher()?.name ?? null,
    peerCertificate: peer,
    clientCertificate: plan.clientCertificate ? clientCertificateInfo(plan.clientCertificate.cert) : null,
  };
  if (s.authorized) return { ...info, authorized: true, authorizationError: null, warning: null };
  const code = String(s.authorizationError);
  const label = `${plan.host}:${plan.port}`;
  const refuse = (c: string, detail: string | null) => {
    s.destroy();
    const t = explainTlsError(c, label, detail) ?? {
      code: 'tls_untrusted' as const,
      message: `The certificate of ${label} was rejected (${c}).`,
    };
    return new Failure(t.code, t.message, 'tls', c);
  };
  if (!peer) throw refuse(code, null);
  const mismatch = checkServerIdentity(host, cert) as (Error & { reason?: string }) | undefined;
  const names = mismatch ? namesDetail(mismatch.reason ?? mismatch.message, peer.subjectAltName ?? undefined) : null;
  if (!UNTRUSTED_ISSUER.has(code)) {
    const detail =
      code === 'CERT_HAS_EXPIRED'
        ? `It expired on ${peer.validTo}`
        : code === 'CERT_NOT_YET_VALID'
          ? `It is valid from ${peer.validFrom}`
          : code === 'ERR_TLS_CERT_ALTNAME_INVALID'
            ? names
            : null;
    throw refuse(code, detail);
  }
  if (names) throw refuse('ERR_TLS_CERT_ALTNAME_INVALID', names);
  const now = plan.now();
  if (Date.parse(peer.validTo) < now) throw refuse('CERT_HAS_EXPIRED', `It expired on ${peer.validTo}`);
  if (Date.parse(peer.validFrom) > now) throw refuse('CERT_NOT_YET_VALID', `It is valid from ${peer.validFrom}`);
  const warning = `The certificate of ${label} is not trusted (${explainTlsError(code, label, null)?.code === 'tls_self_signed' ? 'self-signed' : 'unknown issuer'}: ${code}); it was accepted only because "accept self-signed certificates" is on for this profile. Anyone on the network path could impersonate this server. Certificate SHA-256 fingerprint: ${peer.fingerprint256}.`;
  return { ...info, authorized: false, authorizationError: code, warning };
}
