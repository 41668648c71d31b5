import { createServer, type Server } from 'node:https';
import { beforeAll, describe, expect, it } from 'vitest';
import { explainTlsError, send } from '../../../../../platform/node/transport';
import type { SendOptions } from '../../../../../platform/node/transport';
import { httpServer, listen, loopbackLookup, makePki, type Pki } from './helpers';
import { failure } from './failure';

let pki: Pki;
beforeAll(() => {
  pki = makePki();
}, 30_000);

async function tlsServer(cred: { key: string; cert: string }): Promise<number> {
  const s: Server = createServer({ key: cred.key, cert: cred.cert }, (req, res) => res.end(`secure ${req.url}`));
  return listen(s);
}

const get = (url: string, options: SendOptions = {}) =>
  send({ method: 'GET', url, headers: [] }, { env: {}, ...options });

describe('transport over TLS (certificates made with openssl at test time)', () => {
  it('a certificate from a trusted CA: the exchange has TLS timings and certificate details', async () => {
    const port = await tlsServer(pki.leaf);
    const ex = await get(`https://upstream.test:${port}/hello`, { ca: pki.caCert, lookup: loopbackLookup });
    expect(ex.response.bodyText).toBe('secure /hello');
    expect(ex.request.headers[0]).toEqual(['Host', `upstream.test:${port}`]);
    expect(ex.tls).toMatchObject({ authorized: true, authorizationError: null, warning: null });
    expect(ex.tls!.protocol).toMatch(/^TLSv1\.[23]$/);
    expect(ex.tls!.peerCertificate).toMatchObject({ subject: 'CN=localhost', issuer: 'CN=OAuth Lab Test CA' });
    expect(ex.tls!.peerCertificate!.subjectAltName).toContain('DNS:upstream.test');
    expect(ex.tls!.peerCertificate!.fingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    const t = ex.timings;
    expect(t.dns).not.toBeNull();
    expect(t.connect).toBeGreaterThanOrEqual(t.dns!);
    expect(t.tls).toBeGreaterThan(t.connect!);
    expect(t.firstByte).toBeGreaterThanOrEqual(t.tls!);
    expect(t.total).toBeGreaterThanOrEqual(t.firstByte!);
  });

  it('an IP literal is checked against the IP in the certificate', async () => {
    const port = await tlsServer(pki.leaf);
    const ex = await get(`https://127.0.0.1:${port}/`, { ca: [pki.caCert] });
    expect(ex.tls!.authorized).toBe(true);
  });

  it("under TLS the exchange records this side's end of the TCP connection, as the server sees it", async () => {
    const port = await listen(
      createServer({ key: pki.leaf.key, cert: pki.leaf.cert }, (req, res) =>
        res.end(`${req.socket.remoteAddress} ${req.socket.remotePort}`)
      )
    );
    const ex = await get(`https://127.0.0.1:${port}/`, { ca: [pki.caCert] });
    expect(ex.local).toEqual({ address: '127.0.0.1', port: expect.any(Number) });
    expect(ex.response.bodyText).toBe(`${ex.local!.address} ${ex.local!.port}`);
  });

  it('unknown CA: explained, not sent', async () => {
    const port = await tlsServer(pki.leaf);
    const e = await failure(get(`https://127.0.0.1:${port}/`));
    expect(e.code).toBe('tls_unknown_ca');
    expect(e.phase).toBe('tls');
    expect(e.causeCode).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
    expect(e.message).toContain(
      `The certificate of 127.0.0.1:${port} was issued by an authority this computer does not trust (unknown CA)`
    );
  });

  it('self-signed: explained, with what to do', async () => {
    const port = await tlsServer(pki.selfSigned);
    const e = await failure(get(`https://127.0.0.1:${port}/`));
    expect(e.code).toBe('tls_self_signed');
    expect(e.causeCode).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
    expect(e.message).toMatch(
      /presented a self-signed certificate.*turn on "accept self-signed certificates" for this profile/
    );
  });

  it('host name mismatch: explained with the names the certificate covers', async () => {
    const port = await tlsServer(pki.otherName);
    const e = await failure(get(`https://127.0.0.1:${port}/`, { ca: pki.caCert }));
    expect(e.code).toBe('tls_hostname_mismatch');
    expect(e.causeCode).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
    expect(e.message).toContain('is not valid for that name (host name mismatch)');
    expect(e.message).toContain('DNS:other.example');
  });

  it('expired: explained', async () => {
    const port = await tlsServer(pki.expired);
    const e = await failure(get(`https://127.0.0.1:${port}/`, { ca: pki.caCert }));
    expect(e.code).toBe('tls_expired');
    expect(e.causeCode).toBe('CERT_HAS_EXPIRED');
    expect(e.message).toMatch(/has expired.*check this computer's clock/);
  });

  it('allowSelfSigned accepts a self-signed certificate and returns a warning to show', async () => {
    const port = await tlsServer(pki.selfSigned);
    const ex = await get(`https://localhost:${port}/ok`, { allowSelfSigned: true, lookup: loopbackLookup });
    expect(ex.response.bodyText).toBe('secure /ok');
    expect(ex.tls).toMatchObject({ authorized: false, authorizationError: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
    expect(ex.tls!.warning).toMatch(
      /is not trusted \(self-signed: DEPTH_ZERO_SELF_SIGNED_CERT\); it was accepted only because "accept self-signed certificates" is on/
    );
    expect(ex.tls!.warning).toContain(ex.tls!.peerCertificate!.fingerprint256);
  });

  it('allowSelfSigned also accepts an unknown issuer, with a warning', async () => {
    const port = await tlsServer(pki.leaf);
    const ex = await get(`https://127.0.0.1:${port}/`, { allowSelfSigned: true });
    expect(ex.tls).toMatchObject({ authorized: false, authorizationError: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
    expect(ex.tls!.warning).toContain('unknown issuer');
  });

  it('allowSelfSigned still refuses a host name mismatch and an expired certificate', async () => {
    const other = await tlsServer(pki.selfSignedOther);
    const a = await failure(get(`https://127.0.0.1:${other}/`, { allowSelfSigned: true }));
    expect(a.code).toBe('tls_hostname_mismatch');
    expect(a.message).toContain('DNS:other.example');
    const expired = await tlsServer(pki.expired);
    const b = await failure(get(`https://127.0.0.1:${expired}/`, { allowSelfSigned: true }));
    expect(b.code).toBe('tls_expired');
    // A trusted chain is not weakened by the option either.
    const mismatch = await tlsServer(pki.otherName);
    const c = await failure(get(`https://127.0.0.1:${mismatch}/`, { allowSelfSigned: true, ca: pki.caCert }));
    expect(c.code).toBe('tls_hostname_mismatch');
    expect(c.message).toContain('the certificate covers DNS:other.example');
  });

  it('https:// to a plain HTTP server says so', async () => {
    const { port } = await httpServer((_req, res) => res.end('plain'));
    const e = await failure(get(`https://127.0.0.1:${port}/`));
    expect(e.code).toBe('tls_handshake_failed');
    expect(e.message).toMatch(/did not answer with TLS .*Use http:\/\/ instead of https:\/\//);
  });
});

describe('allowSelfSigned checks the validity dates itself, against the injected clock', () => {
  it('not yet valid, and expired, by the clock', async () => {
    const port = await tlsServer(pki.selfSigned);
    const url = `https://127.0.0.1:${port}/`;
    const early = await failure(get(url, { allowSelfSigned: true, now: () => Date.now() - 3 * 86_400_000 }));
    expect(early.code).toBe('tls_not_yet_valid');
    expect(early.message).toMatch(/is not valid yet\. It is valid from .*GMT\. Check this computer's clock/);
    const late = await failure(get(url, { allowSelfSigned: true, now: () => Date.now() + 3 * 86_400_000 }));
    expect(late.code).toBe('tls_expired');
    expect(late.message).toMatch(/has expired\. It expired on .*GMT\./);
  });

  it('an expired certificate from an unknown CA is refused with its date', async () => {
    const port = await tlsServer(pki.expired);
    const e = await failure(get(`https://127.0.0.1:${port}/`, { allowSelfSigned: true }));
    expect(e.code).toBe('tls_expired');
    expect(e.message).toMatch(/It expired on .*GMT/);
  });
});

describe('explainTlsError: every Node / OpenSSL code in words', () => {
  it.each([
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls_self_signed', /self-signed certificate/],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'tls_self_signed', /ends in a self-signed root that is not trusted/],
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'tls_unknown_ca', /unknown CA/],
    ['UNABLE_TO_GET_ISSUER_CERT', 'tls_unknown_ca', /intermediate certificates/],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls_hostname_mismatch', /host name mismatch/],
    ['CERT_HAS_EXPIRED', 'tls_expired', /has expired/],
    ['CERT_NOT_YET_VALID', 'tls_not_yet_valid', /not valid yet/],
    ['CERT_REVOKED', 'tls_revoked', /revoked by its issuer/],
    ['CERT_SIGNATURE_FAILURE', 'tls_untrusted', /chain is invalid/],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'tls_handshake_failed', /probably a plain HTTP server/],
    ['ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION', 'tls_handshake_failed', /TLS version or cipher/],
  ])('%s → %s', (code, expected, words) => {
    const r = explainTlsError(code, 'api.example:443', null);
    expect(r?.code).toBe(expected);
    expect(r?.message).toContain('api.example:443');
    expect(r?.message).toMatch(words);
  });

  it('returns null for codes that are not TLS errors', () => {
    expect(explainTlsError('ECONNRESET', 'h', null)).toBeNull();
    expect(explainTlsError(undefined, 'h', null)).toBeNull();
  });
});
