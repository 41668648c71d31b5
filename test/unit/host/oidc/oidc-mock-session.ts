import { randomBytes } from 'node:crypto';
import { oauth2Flow } from '../../../../shared/flows';
import type { Exchange } from '../../../../shared/http';
import { codeChallenge } from '../../../../shared/oauth2/pkce';
import { nodeCrypto } from '../../../../platform/node/node-crypto';
import { C, form, Harness, json, REDIRECT } from '../../mock-provider/helpers';

/** A code grant against the mock with auto-login, as a relying party makes it: scope openid, a nonce, PKCE S256. */
export async function codeGrant(
  h: Harness,
  o: { scope?: string; nonce?: string | null } = {}
): Promise<{ body: Record<string, unknown>; nonce: string | null; status: number }> {
  const verifier = randomBytes(32).toString('base64url');
  const nonce = o.nonce === undefined ? randomBytes(16).toString('base64url') : o.nonce;
  const q = new URLSearchParams({
    client_id: C.client.id,
    redirect_uri: REDIRECT,
    response_type: 'code',
    state: 's-1',
    scope: o.scope ?? 'openid profile',
    code_challenge: codeChallenge(verifier, 'S256', nodeCrypto),
    code_challenge_method: 'S256',
    ...(nonce ? { nonce } : {}),
  });
  const auth = await h.send({ path: `/oauth/v2/authorize?${q}` });
  const location = new URL(String(auth.headers.location));
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`no code: ${location}`);
  const token = await h.send({
    method: 'POST',
    path: '/oauth/v2/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: C.client.id,
      client_secret: C.client.secret,
      code_verifier: verifier,
    }).toString(),
  });
  return { body: json(token.body), nonce, status: token.status };
}

/** A form POST with the client's credentials in the body. */
export const clientPost = (h: Harness, path: string, params: Record<string, string>) =>
  h.send({
    method: 'POST',
    path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: C.client.id, client_secret: C.client.secret, ...params }).toString(),
  });

export { form };

/**
 * The OAuth 2 flow's state after a real code grant at the mock, its token response read by the engine as the page
 * reads it: what a page under test starts from on its bearer or lifecycle legs.
 */
export async function flowAfterCodeGrant(h: Harness, scope: string) {
  const { body } = await codeGrant(h, { scope });
  const start = oauth2Flow.startOAuth2(
    {
      baseUrl: h.base,
      clientId: C.client.id,
      clientSecret: C.client.secret,
      redirectUri: REDIRECT,
      scope,
      service: true,
    },
    { bytes: (n) => new Uint8Array(n).fill(5) },
    nodeCrypto
  );
  const text = JSON.stringify(body);
  const exchange: Exchange = {
    request: { method: 'POST', url: `${h.base}/oauth/v2/token`, headers: [] },
    response: {
      status: 200,
      statusText: 'OK',
      headers: [['Content-Type', 'application/json']],
      bodyText: text,
      bodySize: text.length,
    },
    timings: { connect: null, tls: null, firstByte: null, total: 1 },
    startedAt: 0,
  };
  return { flow: oauth2Flow.interpretTokenResponse(start, exchange, Date.now(), 'token').state, exchange, body };
}
