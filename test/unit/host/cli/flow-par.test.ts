import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS, MockProvider } from '../../../../mock-provider';
import { DEFAULT_CLIENT_PRIVATE_JWK } from '../../../../mock-provider/default-credentials';
import { flowInProcess } from './flow-in-process';

/**
 * `flow oauth2 --par` and `--request-object` against the mock over real sockets: the pushed request as its own leg
 * and a browser URL with only client_id and request_uri (RFC 9126 §4); the request object's trace and its claims
 * taken as the request (RFC 9101 §5); each refusal of the mock named in the flow's failure.
 */
let mock: MockProvider;
const opened: string[] = [];
const pages: string[] = [];
beforeAll(async () => {
  mock = new MockProvider({ autoLoginUser: 'demo' });
  await mock.start({ port: 0 });
});
const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-par-'));
// The built-in client's demo key (its public half registered in the mock's default configuration).
const demoKey = join(dir, 'demo.jwk');
writeFileSync(demoKey, JSON.stringify(DEFAULT_CLIENT_PRIVATE_JWK));
afterAll(async () => {
  await mock.stop();
  rmSync(dir, { recursive: true, force: true });
});
const { client } = DEFAULT_CREDENTIALS;
const flow = (extra: string[], secret: string = client.secret) =>
  flowInProcess(
    [
      'oauth2',
      '--base-url',
      mock.baseUrl,
      '--client-id',
      client.id,
      '--client-secret',
      secret,
      '--scope',
      'read',
      '--no-history',
      '--json',
      ...extra,
    ],
    async (url) => {
      opened.push(url);
      pages.push(await (await fetch(url)).text());
    }
  );
const lastOpened = () => new URL(opened.at(-1)!);

describe('oauth-lab flow oauth2 --par', () => {
  it('pushes the request first (its own leg, with client authentication); the browser URL has only client_id and request_uri', async () => {
    const r = await flow(['--par']);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain('== Pushed authorization request (RFC 9126)');
    expect(r.err).toMatch(/POST http:\/\/127\.0\.0\.1:\d+\/oauth\/v2\/par/);
    expect(r.err).toMatch(/request_uri urn:ietf:params:oauth:request_uri:\S+/);
    expect(r.err).toContain('expires_in 60 s');
    expect([...lastOpened().searchParams.keys()]).toEqual(['client_id', 'request_uri']);
    expect(JSON.parse(r.out)).toMatchObject({ scope: 'read', access_token: expect.any(String) });
  });

  it('without --par, pushes when the metadata --issuer read requires it (require_pushed_authorization_requests, RFC 9126 §5)', async () => {
    mock.context.settings.switches.requirePushedAuthorizationRequests = true;
    try {
      const r = await flow(['--scope', 'openid', '--issuer', mock.baseUrl]);
      expect(r.code, r.err).toBe(0);
      expect(r.err).toContain('The metadata says require_pushed_authorization_requests');
      expect(r.err).toContain('== Pushed authorization request (RFC 9126)');
      expect([...lastOpened().searchParams.keys()]).toEqual(['client_id', 'request_uri']);
    } finally {
      mock.context.settings.switches.requirePushedAuthorizationRequests = false;
    }
  });

  it('without --par or openid, pushes when the metadata of the --issuer requires it (RFC 9126 §5)', async () => {
    mock.context.settings.switches.requirePushedAuthorizationRequests = true;
    try {
      const r = await flow(['--issuer', mock.baseUrl]);
      expect(r.code, r.err).toBe(0);
      expect(r.err).toContain('The metadata says require_pushed_authorization_requests');
      expect([...lastOpened().searchParams.keys()]).toEqual(['client_id', 'request_uri']);
    } finally {
      mock.context.settings.switches.requirePushedAuthorizationRequests = false;
    }
  });

  it('with an --issuer whose metadata does not require it, the request is not pushed', async () => {
    const r = await flow(['--issuer', mock.baseUrl]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).not.toContain('Pushed authorization request');
    expect(lastOpened().searchParams.get('request_uri')).toBeNull();
  });

  it('a refused push fails the flow at that leg, naming the cause', async () => {
    const r = await flow(['--par'], 'wrong-secret');
    expect(r.code).toBe(1);
    // The leg by the name the History and --json give it (`par`), not in other words.
    expect(r.err).toContain(
      '\noauth-lab flow oauth2: failed at par: HTTP 401; a pushed request is answered 201 Created'
    );
    expect(r.err).toContain('invalid_client');
    expect(r.err).not.toContain('failed at pushed authorization request');
  });

  it('a request_uri the mock hands out already used (switch parFault) is refused at the authorize endpoint by name', async () => {
    mock.context.settings.switches.parFault = 'request-uri-reused';
    try {
      // The refusal is a page for the user: no redirect comes, so the flow ends when its wait does.
      const r = await flow(['--par', '--wait-timeout=3']);
      expect(r.code).toBe(1);
      expect(pages.at(-1)).toContain('request_uri has already been used');
      expect(r.err).toContain('failed at authorize');
    } finally {
      mock.context.settings.switches.parFault = 'off';
    }
  }, 30_000);
});

describe('oauth-lab flow oauth2 --request-object', () => {
  it('sends the request as a JWT signed HS256 with the client secret, its parts printed; the mock takes its claims', async () => {
    // HS256 is the point here: the mock verifies HS* only under requestObjectAlgs "all" (RFC 8725 §3.1).
    mock.context.settings.switches.requestObjectAlgs = 'all';
    const r = await flow(['--request-object']).finally(() => {
      mock.context.settings.switches.requestObjectAlgs = 'asymmetric';
    });
    expect(r.code, r.err).toBe(0);
    expect(r.err).toContain('== Request object (RFC 9101)');
    expect(r.err).toMatch(/header\.alg\s+HS256/);
    expect(r.err).toMatch(/aud\s+http:\/\/127\.0\.0\.1:\d+ /);
    expect(r.err).toContain(
      'key                    the client secret (HMAC, RFC 7518 §3.2)  — what the provider verifies'
    );
    expect([...lastOpened().searchParams.keys()]).toEqual(['client_id', 'request']);
  });

  it("with --par the request object is pushed (signed ES256 with the built-in client's demo key)", async () => {
    const r = await flow(['--par', '--request-object', '--private-key', demoKey]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/== Request object[\s\S]*header\.alg\s+ES256[\s\S]*== Pushed authorization request/);
    expect([...lastOpened().searchParams.keys()]).toEqual(['client_id', 'request_uri']);
  });

  it('the default mock lists asymmetric algorithms only: the HS256 request object is refused before it is pushed', async () => {
    const r = await flow(['--par', '--request-object']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('this one would be signed HS256 with the client secret and refused (RFC 9101 §4)');
    expect(r.err).not.toContain('== Pushed authorization request');
  });

  it('--par goes with flow oauth2', async () => {
    const r = await flowInProcess([
      'oauth1',
      '--par',
      '--base-url',
      'http://127.0.0.1:1',
      '--consumer-key',
      'k',
      '--consumer-secret',
      's',
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('--par goes with flow oauth2.');
  });
});
