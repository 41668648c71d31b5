// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the types are reachable by path only (below)
/// <reference path="../../../../node_modules/postman-collection/types/index.d.ts" />
// postman-collection ships its types as an ambient module without pointing package.json at them.
import { Collection, type Item, type Request, type Variable } from 'postman-collection';
import { describe, expect, it } from 'vitest';
import { exportRequest } from '../../../../host/export';
import type { SignatureInput } from '../../../../shared/oauth1';

/** Loaded with Postman's own SDK (postman-collection), as Postman loads an imported file. */
function load(text: string) {
  const json = JSON.parse(text) as { info: { schema: string } };
  expect(json.info.schema).toBe('https://schema.getpostman.com/json/collection/v2.1.0/collection.json');
  const collection = new Collection(json as never);
  const item = collection.items.idx(0) as Item;
  const request = item.request as Request;
  return {
    collection,
    request,
    // The SDK's own view of the auth: its type, and every parameter as it reads them.
    authType: () => (request.auth!.toJSON() as unknown as { type: string }).type,
    params: () =>
      Object.fromEntries(
        request
          .auth!.parameters()
          .all()
          .map((v: Variable) => [v.key, v.value])
      ),
  };
}

const signing: SignatureInput = {
  method: 'POST',
  url: 'https://api.example.com/1.1/statuses/update.json?include_entities=true',
  body: 'status=Hello%20Ladies%20%2B%20Gentlemen%2C%20a%20signed%20OAuth%20request%21',
  contentType: 'application/x-www-form-urlencoded',
  consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
  consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
  token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
  tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
  signatureMethod: 'HMAC-SHA256',
  nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
  timestamp: '1318622958',
  realm: 'Example',
};

describe('Postman collection v2.1', () => {
  it('OAuth 1.0: loads with postman-collection, its auth settings intact, secrets as empty variables', () => {
    const result = exportRequest({ target: 'postman', source: { kind: 'oauth1', signing } });
    expect(result).toMatchObject({
      filename: 'post-1-1-statuses-update-json.postman_collection.json',
      mediaType: 'application/json',
      placeholders: ['{{consumer_secret}}', '{{token_secret}}'],
    });
    expect(result.text).not.toContain(signing.consumerSecret!);
    expect(result.text).not.toContain(signing.tokenSecret!);
    const { collection, request, params, authType } = load(result.text);
    expect(authType()).toBe('oauth1');
    expect(params()).toEqual({
      consumerKey: signing.consumerKey,
      consumerSecret: '{{consumer_secret}}',
      token: signing.token,
      tokenSecret: '{{token_secret}}',
      signatureMethod: 'HMAC-SHA256',
      timestamp: '',
      nonce: '',
      version: '1.0',
      realm: 'Example',
      addParamsToHeader: true,
      addEmptyParamsToSign: false,
      includeBodyHash: false,
    });
    expect(collection.variables.get('consumer_secret')).toBe('');
    expect(collection.variables.get('token_secret')).toBe('');
    // The request before signing: Postman signs it on every send (the snapshot's nonce would be spent).
    expect(request.headers.get('Authorization')).toBeUndefined();
    expect(request.method).toBe('POST');
    expect(request.url.toString()).toBe('https://api.example.com/1.1/statuses/update.json?include_entities=true');
    expect(request.body!.mode).toBe('urlencoded');
    expect(request.body!.urlencoded!.toObject()).toEqual({
      status: 'Hello Ladies + Gentlemen, a signed OAuth request!',
    });
    expect(result.text).not.toContain('oauth_nonce');
  });
  it('OAuth 1.0 with secrets included: the values themselves, and no variables', () => {
    const { collection, params } = load(
      exportRequest({ target: 'postman', source: { kind: 'oauth1', signing }, includeSecrets: true }).text
    );
    expect(params()).toMatchObject({ consumerSecret: signing.consumerSecret, tokenSecret: signing.tokenSecret });
    expect(collection.variables.count()).toBe(0);
  });
  it('OAuth 1.0 parameters in the query or body: addParamsToHeader is off', () => {
    const { params } = load(
      exportRequest({
        target: 'postman',
        source: { kind: 'oauth1', signing: { ...signing, placement: 'query', includeVersion: false } },
      }).text
    );
    expect(params()).toMatchObject({ addParamsToHeader: false, version: '' });
  });
  it('OAuth 2: the bearer token and the authorization code settings, the client secret as a variable', () => {
    const request = {
      method: 'GET',
      url: 'http://127.0.0.1:9/api/v2/me',
      headers: [
        ['Authorization', 'Bearer at-123'],
        ['Accept', 'application/json'],
      ] as const,
    };
    const result = exportRequest({
      target: 'postman',
      source: {
        kind: 'oauth2',
        request,
        refreshToken: 'rt-secret-456',
        tokenUrl: 'http://127.0.0.1:9/oauth/v2/token',
        authorizeUrl: 'http://127.0.0.1:9/oauth/v2/authorize',
        redirectUri: 'http://127.0.0.1:8765/callback',
        clientId: 'cid',
        clientSecret: 'client-secret-789',
        clientAuthentication: 'basic',
        scope: 'read',
        pkce: 'S256',
      },
    });
    expect(result.text).not.toContain('client-secret-789');
    expect(result.text).not.toContain('rt-secret-456');
    const { collection, request: r, params, authType } = load(result.text);
    expect(authType()).toBe('oauth2');
    expect(result.text).not.toContain('at-123');
    expect(params()).toMatchObject({
      accessToken: '{{access_token}}',
      tokenType: 'Bearer',
      addTokenTo: 'header',
      grant_type: 'authorization_code_with_pkce',
      challengeAlgorithm: 'S256',
      authUrl: 'http://127.0.0.1:9/oauth/v2/authorize',
      accessTokenUrl: 'http://127.0.0.1:9/oauth/v2/token',
      clientId: 'cid',
      clientSecret: '{{client_secret}}',
      scope: 'read',
      redirect_uri: 'http://127.0.0.1:8765/callback',
      client_authentication: 'header',
    });
    expect(collection.variables.get('client_secret')).toBe('');
    expect(collection.variables.get('access_token')).toBe('');
    expect(r.headers.get('Accept')).toBe('application/json');
    expect(r.headers.get('Authorization')).toBeUndefined();
  });
  it('any other request: no auth settings, its Basic credentials left out', () => {
    const request = {
      method: 'POST',
      url: 'http://127.0.0.1:9/oauth/v2/token',
      headers: [
        ['Authorization', `Basic ${Buffer.from('cid:client-secret-789').toString('base64')}`],
        ['Content-Type', 'application/x-www-form-urlencoded'],
      ] as const,
      body: 'grant_type=refresh_token&refresh_token=rt-secret-456',
    };
    const result = exportRequest({ target: 'postman', source: { kind: 'request', request } });
    expect(result.text).not.toContain(Buffer.from('cid:client-secret-789').toString('base64'));
    expect(result.text).not.toContain('rt-secret-456');
    const { collection, request: r, authType } = load(result.text);
    expect(authType()).toBe('noauth');
    expect(r.headers.get('Authorization')).toBe('Basic {{basic_credentials}}');
    expect(r.body!.urlencoded!.toObject()).toEqual({ grant_type: 'refresh_token', refresh_token: '{{refresh_token}}' });
    expect(collection.variables.get('basic_credentials')).toBe('');
  });
});
