import { describe, expect, it } from 'vitest';
import { nodeCrypto } from '../../../../platform/node/node-crypto';
import { oauth2Flow } from '../../../../shared/flows';
import type { Exchange } from '../../../../shared/http';
import {
  buildIntrospectionRequest,
  buildRevocationRequest,
  checkDiscoveryDocument,
  describeAccessToken,
  discoveryWarnings,
  interpretIntrospection,
  interpretRevocation,
  interpretUserInfo,
  refreshRotation,
  wellKnownUrl,
} from '../../../../shared/oidc';

const exchange = (
  status: number,
  body: string,
  headers: [string, string][] = [['Content-Type', 'application/json']]
): Exchange => ({
  request: { method: 'GET', url: 'https://op.example/x', headers: [] },
  response: { status, statusText: '', headers, bodyText: body, bodySize: body.length },
  timings: { connect: null, tls: null, firstByte: null, total: 1 },
  startedAt: 0,
});
const DOC = {
  issuer: 'https://op.example',
  authorization_endpoint: 'https://op.example/auth',
  token_endpoint: 'https://op.example/token',
  jwks_uri: 'https://op.example/jwks',
  response_types_supported: ['code'],
  subject_types_supported: ['public'],
  id_token_signing_alg_values_supported: ['RS256'],
};
const failing = (r: { checks: readonly { name: string; ok: boolean }[] }) =>
  r.checks.filter((c) => !c.ok).map((c) => c.name);

describe('discovery', () => {
  it('well-known URLs: appended for OIDC Discovery §4.1, inserted before the path for RFC 8414 §3.1', () => {
    expect(wellKnownUrl('https://op.example', 'openid-configuration')).toBe(
      'https://op.example/.well-known/openid-configuration'
    );
    expect(wellKnownUrl('https://op.example/tenant/', 'openid-configuration')).toBe(
      'https://op.example/tenant/.well-known/openid-configuration'
    );
    expect(wellKnownUrl('https://op.example/tenant', 'oauth-authorization-server')).toBe(
      'https://op.example/.well-known/oauth-authorization-server/tenant'
    );
    expect(() => wellKnownUrl('https://op.example/?x=1', 'openid-configuration')).toThrow(/query or fragment/);
  });

  it('a complete https document passes; each defect fails its own check', () => {
    expect(failing(checkDiscoveryDocument(DOC, 'https://op.example', 'openid-configuration', 'u'))).toEqual([]);
    expect(
      failing(
        checkDiscoveryDocument(
          { ...DOC, issuer: 'https://evil.example' },
          'https://op.example',
          'openid-configuration',
          'u'
        )
      )
    ).toEqual(['issuer']);
    const { jwks_uri: _j, ...noJwks } = DOC;
    expect(failing(checkDiscoveryDocument(noJwks, 'https://op.example', 'openid-configuration', 'u'))).toEqual([
      'required members',
    ]);
    expect(failing(checkDiscoveryDocument(noJwks, 'https://op.example', 'oauth-authorization-server', 'u'))).toEqual(
      []
    );
    expect(
      failing(
        checkDiscoveryDocument(
          { ...DOC, token_endpoint: 'http://op.example/token' },
          'https://op.example',
          'openid-configuration',
          'u'
        )
      )
    ).toEqual(['token_endpoint']);
    expect(
      failing(
        checkDiscoveryDocument(
          { ...DOC, token_endpoint: 'http://127.0.0.1:9/token' },
          'https://op.example',
          'openid-configuration',
          'u'
        )
      )
    ).toEqual([]);
    // OIDC Discovery §3 allows none beside RS256: a note, not a failure; without RS256 it fails.
    const withNone = checkDiscoveryDocument(
      { ...DOC, id_token_signing_alg_values_supported: ['none', 'RS256'] },
      'https://op.example',
      'openid-configuration',
      'u'
    );
    expect(failing(withNone)).toEqual([]);
    expect(withNone.checks.filter((c) => c.kind === 'note').map((c) => c.name)).toEqual(['id_token algorithms']);
    expect(
      failing(
        checkDiscoveryDocument(
          { ...DOC, id_token_signing_alg_values_supported: ['none', 'ES256'] },
          'https://op.example',
          'openid-configuration',
          'u'
        )
      )
    ).toEqual(['id_token algorithms']);
    expect(failing(checkDiscoveryDocument([], 'https://op.example', 'openid-configuration', 'u'))).toEqual([
      'document',
    ]);
  });
});

describe('what a flow may use of a document', () => {
  const asked = 'https://op.example';
  it('another issuer refuses the whole document: no endpoints, so no JWKS (OIDC Discovery §4.3)', () => {
    const r = checkDiscoveryDocument({ ...DOC, issuer: 'https://evil.example' }, asked, 'openid-configuration', 'u');
    expect(r.refused).toMatch(/^The document is refused: issuer is "https:\/\/evil\.example"/);
    expect(r.endpoints).toBeNull();
    expect(discoveryWarnings(r)).toEqual([]);
  });

  it('an http jwks_uri on another host is not used; the failed check is a warning, the rest is used', () => {
    const r = checkDiscoveryDocument(
      { ...DOC, jwks_uri: 'http://keys.example/jwks', subject_types_supported: undefined },
      asked,
      'openid-configuration',
      'u'
    );
    expect(r.refused).toBeNull();
    expect(r.endpoints).toMatchObject({ issuer: asked, jwks: null, token: 'https://op.example/token' });
    expect(discoveryWarnings(r).map((c) => c.name)).toEqual(['required members', 'jwks_uri']);
    expect(discoveryWarnings(r)[1]!.message).toContain('so it is not used');
  });
});

const CLOCK = { now: 1_600_000_000_000, clockSkewSeconds: 60 };

describe('access tokens', () => {
  it('opaque tokens are said to be opaque; an at+jwt is decoded with its audience and expiry (RFC 9068)', () => {
    expect(describeAccessToken('b-abc', CLOCK).kind).toBe('opaque');
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const v = describeAccessToken(
      `${enc({ alg: 'RS256', typ: 'at+jwt' })}.${enc({ iss: 'i', aud: 'api', exp: 1_700_000_000, sub: 's', client_id: 'c', iat: 1, jti: 'j' })}.sig`,
      CLOCK
    );
    expect(v).toMatchObject({ kind: 'jwt', profile: true, audience: ['api'], expiresAt: '2023-11-14T22:13:20.000Z' });
    const idTokenLike = describeAccessToken(`${enc({ alg: 'RS256', typ: 'JWT' })}.${enc({ sub: 's' })}.sig`, CLOCK);
    expect(idTokenLike).toMatchObject({ kind: 'jwt', profile: false });
  });
});

describe('token lifecycle', () => {
  it('revocation and introspection requests carry the client authentication and the hint', () => {
    const r = buildRevocationRequest(
      'https://op.example/revoke',
      { clientId: 'rp', clientSecret: 's', authentication: 'basic' },
      'tok',
      'refresh_token'
    );
    expect(r.body).toBe('token=tok&token_type_hint=refresh_token');
    expect(r.headers).toContainEqual(['Authorization', 'Basic cnA6cw==']);
    expect(
      buildIntrospectionRequest(
        'https://op.example/i',
        { clientId: 'rp', clientSecret: 's', authentication: 'body' },
        'tok',
        null
      ).body
    ).toBe('client_id=rp&client_secret=s&token=tok');
    expect(() =>
      buildRevocationRequest(
        'https://op.example/revoke',
        { clientId: 'rp', clientSecret: 's', authentication: 'body' },
        '',
        null
      )
    ).toThrow(/no token to revoke/);
  });

  it('interprets RFC 7009 and RFC 7662 answers', () => {
    expect(interpretRevocation(exchange(200, '')).ok).toBe(true);
    expect(interpretRevocation(exchange(503, '', [['Retry-After', '5']])).checks[0]!.message).toContain(
      'retry after 5'
    );
    expect(interpretIntrospection(exchange(200, '{"active":false}')).result).toEqual({
      active: false,
      claims: { active: false },
    });
    expect(interpretIntrospection(exchange(200, '{"active":"yes"}')).ok).toBe(false);
    expect(refreshRotation('r1', 'r2').message).toContain('Rotated');
    // RFC 9700 §4.14.2 leaves the response to a replay to the provider: it may revoke the grant, not must.
    expect(refreshRotation('r1', 'r2').message).toContain('may revoke the whole grant');
    expect(refreshRotation('r1', 'r2').message).not.toMatch(/again revokes the grant|now refuses/);
    expect(refreshRotation('r1', null).message).toContain('not rotated');
  });

  it('UserInfo: sub must equal the id_token sub', () => {
    expect(interpretUserInfo(exchange(200, '{"sub":"alice"}'), 'alice').ok).toBe(true);
    const other = interpretUserInfo(exchange(200, '{"sub":"mallory"}'), 'alice');
    expect(other.ok).toBe(false);
    expect(other.checks[1]!.message).toContain('token substitution');
    expect(
      interpretUserInfo(exchange(401, '', [['WWW-Authenticate', 'Bearer error="invalid_token"']]), 'alice').checks[0]!
        .message
    ).toContain('invalid_token');
  });
});

describe('the OAuth 2 flow and OpenID Connect', () => {
  const random = { bytes: (n: number) => new Uint8Array(n).fill(7) };
  const config = {
    baseUrl: 'https://op.example',
    clientId: 'rp',
    clientSecret: 's',
    redirectUri: 'http://127.0.0.1:1/cb',
  };
  it('sends a nonce when the scope has openid, and none otherwise', () => {
    const oidc = oauth2Flow.startOAuth2({ ...config, scope: 'openid email' }, random, nodeCrypto);
    expect(oidc.nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(oauth2Flow.buildAuthorizeRequest(oidc).params).toContainEqual(['nonce', oidc.nonce]);
    const plain = oauth2Flow.startOAuth2({ ...config, scope: 'read openidish' }, random, nodeCrypto);
    expect(plain.nonce).toBeNull();
    expect(oauth2Flow.buildAuthorizeRequest(plain).params.map(([n]) => n)).not.toContain('nonce');
  });
});
