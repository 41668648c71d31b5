// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { errors, exportPKCS8, generateKeyPair, jwtVerify, type CryptoKey } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer, type HttpServer } from '../../../../platform/node/http-server';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { oauth2ConfigOf, oauth2Flow } from '../../../../shared/flows';
import { profileSchema, type ProfileInput } from '../../../../shared/store/profile';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { OAuth2Page } from '../../../../renderer/features/oauth2/OAuth2Page';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { hostBridge } from '../state/host-bridge';

/**
 * "Make a mistake on purpose" on the token leg's client authentication: each mistake is made on the next Send only,
 * and a token endpoint on a real socket judges what arrives with jose (not the code under test) and its own replay
 * list, naming why it refuses: the audience, the expiry, the replayed jti, the signature; and Basic credentials
 * that skipped RFC 6749 §2.3.1's form-encoding.
 */
let bridge: BridgeApi;
let close: () => Promise<void>;
let server: HttpServer;
let baseUrl = '';
let pem = '';
let publicKey: CryptoKey;
const verdicts: string[] = [];
const seen = new Set<unknown>();
const SECRET = 'se+cr/et:1';

async function judge(body: string, authorization: string | undefined): Promise<string> {
  if (authorization) return Buffer.from(authorization.replace(/^Basic /, ''), 'base64').toString('utf8');
  try {
    const assertion = new URLSearchParams(body).get('client_assertion') ?? '';
    const { payload } = await jwtVerify(assertion, publicKey, { audience: `${baseUrl}/token` });
    if (seen.has(payload.jti)) return 'replayed jti';
    seen.add(payload.jti);
    return 'accepted';
  } catch (e) {
    return e instanceof errors.JOSEError ? e.code : String(e);
  }
}

beforeAll(async () => {
  ({ bridge, close } = hostBridge());
  const keys = await generateKeyPair('ES256', { extractable: true });
  pem = await exportPKCS8(keys.privateKey);
  publicKey = keys.publicKey;
  server = await startHttpServer({
    name: 'the token endpoint',
    onRequest: (req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        void judge(body, req.headers.authorization).then((verdict) => {
          verdicts.push(verdict);
          const ok = verdict === 'accepted';
          res.writeHead(ok ? 200 : 401, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
          res.end(
            JSON.stringify(
              ok
                ? { access_token: 'at', token_type: 'Bearer' }
                : { error: 'invalid_client', error_description: verdict }
            )
          );
        });
      });
    },
  });
  baseUrl = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server.close();
  await close();
});
afterEach(cleanup);

function tokenLeg(oauth2: ProfileInput['oauth2']) {
  const profile = profileSchema.parse({
    id: 'p',
    name: 'Judge',
    baseUrl,
    oauth2: { clientId: 'c', tokenPath: '/token', ...oauth2 },
  });
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: () => Date.now() });
  stores.app.setState({ profiles: [profile], activeProfileId: 'p' });
  const started = oauth2Flow.startOAuth2(
    oauth2ConfigOf(profile, baseUrl, 'http://127.0.0.1:1/cb'),
    browserRandom,
    browserCrypto
  );
  const flow = {
    ...started,
    code: 'code-1',
    legs: { ...started.legs, authorize: 'succeeded' as const, token: 'ready' as const },
  };
  render(
    <StoresProvider stores={stores}>
      <OAuth2Page />
    </StoresProvider>
  );
  act(() =>
    stores.oauth2.setState({ profile, flow, current: 'token', drafts: { token: oauth2Flow.buildTokenExchange(flow) } })
  );
  return stores.oauth2;
}

describe('client authentication mistakes made on purpose', () => {
  it('each assertion mistake is made once and refused for its own reason; the next Send is right again', async () => {
    const store = tokenLeg({ clientAuthentication: 'private_key_jwt', assertionKey: pem });
    // A jti can be replayed only after one was sent: the menu does not offer it yet.
    expect(screen.queryByRole('option', { name: 'A replayed jti' })).toBeNull();
    await act(() => store.getState().legSent('token'));
    expect(verdicts.at(-1)).toBe('accepted');
    // The replay first, while the last assertion sent is one the server accepted.
    const cases = [
      ['reused-jti', 'replayed jti', 'A replayed jti'],
      ['wrong-audience', 'ERR_JWT_CLAIM_VALIDATION_FAILED', 'An assertion for another audience'],
      ['expired', 'ERR_JWT_EXPIRED', 'An expired assertion'],
      ['other-key', 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED', 'Signed with another key'],
    ] as const;
    for (const [mistake, verdict, title] of cases) {
      fireEvent.change(screen.getByLabelText('Client authentication mistake for the next Send'), {
        target: { value: mistake },
      });
      await act(() => store.getState().legSent('token'));
      expect(verdicts.at(-1), mistake).toBe(verdict);
      expect(store.getState().authMistakes).toEqual({});
      expect(screen.getByLabelText('Mistake made').textContent).toBe(`Made on purpose: ${title}.`);
    }
    await act(() => store.getState().legSent('token'));
    expect(verdicts.at(-1)).toBe('accepted');
  });

  it('Basic credentials without form-encoding: the secret goes as it is, where RFC 6749 §2.3.1 sends se%2Bcr%2Fet%3A1', async () => {
    const store = tokenLeg({ clientAuthentication: 'basic', clientSecret: SECRET });
    await act(() => store.getState().legSent('token'));
    expect(verdicts.at(-1)).toBe('c:se%2Bcr%2Fet%3A1');
    act(() => store.getState().authMistakeChosen('token', 'basic-unencoded'));
    await act(() => store.getState().legSent('token'));
    expect(verdicts.at(-1)).toBe(`c:${SECRET}`);
  });
});
