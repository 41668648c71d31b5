import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateDpopKey } from '../../../../../platform/jose';
import { nodeCrypto, nodeRandom } from '../../../../../platform/node/node-crypto';
import type { DpopClient } from '../../../../../shared/dpop/dpop-client';
import { authenticatedPort } from '../../../../../shared/flows/driver/client-auth-port';
import type { FlowHostPort, LegReport } from '../../../../../shared/flows/driver/host-port';
import { PAR_LEG } from '../../../../../shared/flows/driver/pushed-authorization-leg';
import type { RawRequest } from '../../../../../shared/http';

/*
 * RFC 9449 §10.1: with DPoP on, the pushed authorization request carries a proof of the client's key. The driver's
 * authenticatedPort adds it to the `par` leg by itself, so no host has to remember to: here a bare host port (a
 * fetch over 127.0.0.1) sends the push through it and the server reads the proofs it got, a nonce asked for once.
 */
let server: Server;
let base: string;
const seen: { readonly dpop: string | null; readonly body: string }[] = [];

beforeEach(async () => {
  seen.length = 0;
  server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const dpop = typeof req.headers.dpop === 'string' ? req.headers.dpop : null;
      seen.push({ dpop, body });
      if (seen.length === 1) {
        res.writeHead(400, { 'content-type': 'application/json', 'dpop-nonce': 'n-1' });
        res.end(JSON.stringify({ error: 'use_dpop_nonce' }));
        return;
      }
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ request_uri: 'urn:ietf:params:oauth:request_uri:x', expires_in: 60 }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(() => new Promise<void>((r) => server.close(() => r())));

/** A host port that sends with fetch and keeps what the driver reports. */
const fetchPort = (reports: LegReport[]): FlowHostPort => ({
  send: async (request) => {
    const r = await fetch(request.url, {
      method: request.method,
      headers: request.headers as [string, string][],
      ...(request.body !== undefined ? { body: request.body } : {}),
    });
    const bodyText = await r.text();
    return {
      request,
      response: {
        status: r.status,
        statusText: r.statusText,
        headers: [...r.headers.entries()],
        bodyText,
        bodySize: bodyText.length,
      },
      timings: { connect: null, tls: null, firstByte: null, total: 0 },
      startedAt: 0,
    };
  },
  saveTokens: () => {},
  now: () => 1_750_000_000_000,
  sleep: () => Promise.resolve(),
  random: nodeRandom,
  crypto: nodeCrypto,
  report: (e) => reports.push(e),
  recordRedirect: () => Promise.resolve(),
});

describe('authenticatedPort: the pushed authorization request with a proof of the DPoP key (RFC 9449 §10.1)', () => {
  it('puts a proof on the par leg by itself and follows the nonce asked for once', async () => {
    const { key } = await generateDpopKey('ES256');
    const client: DpopClient = {
      key,
      deps: { crypto: nodeCrypto, random: nodeRandom, clock: { now: () => 1 } },
      nonces: new Map(),
      // A mistake planted for the token or API leg is not made on the push.
      mistake: 'htm-wrong',
    };
    const reports: LegReport[] = [];
    const port = authenticatedPort(fetchPort(reports), { assertion: null, sign: () => Promise.reject(), dpop: client });
    const push: RawRequest = {
      method: 'POST',
      url: `${base}/par`,
      headers: [['Content-Type', 'application/x-www-form-urlencoded']],
      body: 'client_id=c&response_type=code',
    };
    const exchange = await port.send(push, { leg: PAR_LEG, verdictOf: () => ({ outcome: 'succeeded', summary: '' }) });

    expect(exchange.response.status).toBe(201);
    expect(seen).toHaveLength(2);
    const proofs = seen.map((s) => s.dpop!);
    expect(proofs.every((p) => p !== null)).toBe(true);
    for (const p of proofs) {
      expect(decodeProtectedHeader(p)).toMatchObject({ typ: 'dpop+jwt', alg: 'ES256', jwk: key.publicJwk });
      const claims = decodeJwt(p);
      expect(claims).toMatchObject({ htm: 'POST', htu: `${base}/par`, iat: 1_750_000_000 });
      expect(claims.ath).toBeUndefined();
    }
    expect(decodeJwt(proofs[0]!).nonce).toBeUndefined();
    expect(decodeJwt(proofs[1]!).nonce).toBe('n-1');
    expect(reports).toContainEqual(expect.objectContaining({ kind: 'step', leg: PAR_LEG }));
    // The planted mistake waits for its own leg.
    expect(client.mistake).toBe('htm-wrong');
  });

  it('sends the push without a proof when DPoP is off', async () => {
    const port = authenticatedPort(fetchPort([]), { assertion: null, sign: () => Promise.reject(), dpop: null });
    await port.send(
      { method: 'POST', url: `${base}/par`, headers: [], body: 'client_id=c' },
      { leg: PAR_LEG, verdictOf: () => ({ outcome: 'succeeded', summary: '' }) }
    );
    expect(seen.map((s) => s.dpop)).toEqual([null]);
  });
});
