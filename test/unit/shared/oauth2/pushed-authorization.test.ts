import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../../../shared/http';
import {
  buildPushedAuthorizationRequest,
  interpretPushedAuthorization,
  parEndpointOf,
  pushedAuthorizationUrl,
} from '../../../../shared/oauth2/pushed-authorization';
import { buildRequestObject } from '../../../../shared/oauth2/request-object';

/** The client's side of RFC 9126 and RFC 9101: the pushed request as built, its answer as read, each bad answer named. */
const answer = (status: number, body: unknown, contentType = 'application/json'): Exchange => {
  const bodyText = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    request: { method: 'POST', url: 'https://as.example/par', headers: [] },
    response: { status, statusText: '', headers: [['Content-Type', contentType]], bodyText, bodySize: bodyText.length },
    timings: { connect: null, tls: null, firstByte: null, total: 1 },
    startedAt: 0,
  };
};
const params: [string, string][] = [
  ['client_id', 'app'],
  ['response_type', 'code'],
  ['state', 's'],
];

describe('buildPushedAuthorizationRequest (RFC 9126 §2.1)', () => {
  it('authenticates as the token request does and sends client_id once', () => {
    const basic = buildPushedAuthorizationRequest({
      parUrl: 'https://as.example/par',
      clientId: 'app',
      clientSecret: 's3',
      authentication: 'basic',
      authorizationParams: params,
    });
    expect(basic.headers).toContainEqual(['Authorization', `Basic ${btoa('app:s3')}`]);
    expect(basic.body).toBe('client_id=app&response_type=code&state=s');
    const body = buildPushedAuthorizationRequest({
      parUrl: 'https://as.example/par',
      clientId: 'app',
      clientSecret: 's3',
      authentication: 'body',
      authorizationParams: params,
    });
    expect(body.body).toBe('client_id=app&client_secret=s3&response_type=code&state=s');
  });
});

describe('interpretPushedAuthorization (RFC 9126 §2.2, §2.3)', () => {
  it('201 with request_uri and expires_in', () => {
    const r = interpretPushedAuthorization(answer(201, { request_uri: 'urn:x', expires_in: 60 }));
    expect(r).toMatchObject({ ok: true, requestUri: 'urn:x', expiresIn: 60 });
  });

  it('names each wrong answer', () => {
    const failed = (e: Exchange) =>
      interpretPushedAuthorization(e)
        .checks.filter((c) => !c.ok)
        .map((c) => c.message);
    expect(failed(answer(200, { request_uri: 'urn:x', expires_in: 60 }))).toEqual([
      'HTTP 200; a pushed request is answered 201 Created (RFC 9126 §2.2).',
    ]);
    expect(failed(answer(201, { expires_in: 60 }))).toEqual([
      'request_uri is missing or not a string (RFC 9126 §2.2).',
    ]);
    expect(failed(answer(201, { request_uri: 'urn:x', expires_in: 0 }))).toEqual([
      'expires_in is 0; a positive whole number of seconds is required (RFC 9126 §2.2).',
    ]);
    expect(failed(answer(400, { error: 'invalid_request', error_description: 'state is missing' }))).toContain(
      'The provider refused the pushed request: invalid_request (state is missing) (RFC 9126 §2.3).'
    );
    expect(failed(answer(201, '<html>', 'text/html'))[0]).toContain('not JSON');
  });
});

describe('the browser URL and the endpoint', () => {
  it('carries only client_id and request_uri (§4), keeping the endpoint query', () => {
    expect(pushedAuthorizationUrl('https://as.example/authorize?tenant=a', 'app', 'urn:x:1')).toBe(
      'https://as.example/authorize?tenant=a&client_id=app&request_uri=urn%3Ax%3A1'
    );
  });

  it('is read from the metadata, or named missing (§5)', () => {
    expect(parEndpointOf({ pushed_authorization_request_endpoint: 'https://as.example/par' })).toEqual({
      ok: true,
      url: 'https://as.example/par',
    });
    // RFC 8705 §5: a client authenticating with its TLS certificate takes the endpoint's mutual-TLS alias.
    const withAlias = {
      pushed_authorization_request_endpoint: 'https://as.example/par',
      mtls_endpoint_aliases: { pushed_authorization_request_endpoint: 'https://mtls.as.example/par' },
    };
    expect(parEndpointOf(withAlias, 'tls_client_auth')).toEqual({ ok: true, url: 'https://mtls.as.example/par' });
    expect(parEndpointOf(withAlias, 'self_signed_tls_client_auth')).toMatchObject({
      url: 'https://mtls.as.example/par',
    });
    expect(parEndpointOf(withAlias, 'private_key_jwt')).toEqual({ ok: true, url: 'https://as.example/par' });
    expect(parEndpointOf({ issuer: 'x' })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('names no pushed_authorization_request_endpoint'),
    });
  });
});

describe('buildRequestObject (RFC 9101 §4)', () => {
  it('the parameters as claims beside iss, aud, iat, nbf, exp and jti, typed, with a trace that never shows the key', async () => {
    let signed: unknown[] = [];
    const ro = await buildRequestObject(
      { params, clientId: 'app', audience: 'https://as.example', nowSeconds: 1000, jti: 'j1' },
      { alg: 'HS256', key: 'the client secret', sign: (h, p) => ((signed = [h, p]), Promise.resolve('a.b.c')) }
    );
    expect(ro.jwt).toBe('a.b.c');
    expect(signed).toEqual([
      { alg: 'HS256', typ: 'oauth-authz-req+jwt' },
      {
        iss: 'app',
        aud: 'https://as.example',
        iat: 1000,
        nbf: 1000,
        exp: 1300,
        jti: 'j1',
        client_id: 'app',
        response_type: 'code',
        state: 's',
      },
    ]);
    expect(ro.trace.map((t) => t.part)).toEqual([
      'header.alg',
      'header.typ',
      'iss',
      'aud',
      'iat',
      'nbf',
      'exp',
      'jti',
      'client_id',
      'response_type',
      'state',
      'key',
    ]);
  });
});
