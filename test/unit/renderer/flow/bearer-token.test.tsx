// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { OAuth2Page } from '../../../../renderer/features/oauth2/OAuth2Page';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import type { RawRequest } from '../../../../shared/http';
import { profileSchema } from '../../../../shared/store/profile';
import { fakeBridge } from '../state/fake-bridge';
import { BridgeFailure } from '../../../../shared/bridge/result';
import { PROTOCOL_ERROR, ProtocolError } from '../../../../shared/errors';

afterEach(cleanup);

const BASE = 'http://127.0.0.1:1';
const profile = profileSchema.parse({
  id: 'mock',
  name: 'Mock provider',
  builtIn: true,
  oauth1: { consumerKey: 'k', consumerSecret: 's' },
  oauth2: { clientId: 'oauth-lab-client', clientSecret: 'oauth-lab-client-secret' },
});

/**
 * The OAuth 2 page through the token exchange with a fake bridge, the token response carrying `accessToken`; the
 * bearer leg is then opened. Returns what was sent.
 */
async function throughTokenExchange(accessToken: string, apiFailure?: Error) {
  const sent: RawRequest[] = [];
  const fake = fakeBridge({
    catcherOpen: () => ({ redirectUri: 'http://127.0.0.1:8765/callback' }),
    catcherWait: () => ({ waitId: 'w-1' }),
    historyAnnotate: () => ({ annotated: true }),
    tokenSave: () => null,
    mockState: () => ({
      state: {
        now: new Date(0).toISOString(),
        oauth1: { requestTokens: [], accessTokens: [] },
        oauth2: { codes: [], accessTokens: [], refreshTokens: [] },
      },
    }),
    httpSend: ({ request }: { request: RawRequest }) => {
      sent.push(request);
      const token = request.url.endsWith('/oauth/v2/token');
      if (!token && apiFailure) throw apiFailure;
      const body = token
        ? JSON.stringify({
            access_token: accessToken,
            token_type: 'Bearer',
            expires_in: 3600,
            refresh_token: 'r-1',
            scope: 'read',
          })
        : '{"username":"demo"}';
      return {
        request,
        response: {
          status: 200,
          statusText: 'OK',
          headers: [
            ['Content-Type', 'application/json'],
            ['Cache-Control', 'no-store'],
          ],
          bodyText: body,
          bodySize: body.length,
        },
        timings: { connect: null, tls: null, firstByte: 1, total: 1 },
        startedAt: 0,
      };
    },
  });
  const stores = createStores({
    bridge: fake.bridge,
    crypto: browserCrypto,
    random: { bytes: (n) => new Uint8Array(n).fill(7) },
    now: () => 1_000,
  });
  stores.app.setState({ profiles: [profile], activeProfileId: 'mock', mock: { running: true, baseUrl: BASE } });
  render(
    <StoresProvider stores={stores}>
      <OAuth2Page />
    </StoresProvider>
  );
  fireEvent.click(screen.getByRole('button', { name: 'Start the OAuth 2 flow' }));
  await waitFor(() => expect(stores.oauth2.getState().flow).not.toBeNull());
  await act(() => stores.oauth2.getState().authorizationStarted());
  const state = stores.oauth2.getState().flow!.state!;
  const query = `code=c-1&state=${encodeURIComponent(state)}`;
  const callback = {
    kind: 'oauth2',
    url: `http://127.0.0.1:8765/callback?${query}`,
    path: '/callback',
    query,
    params: [
      ['code', 'c-1'],
      ['state', state],
    ],
    receivedAt: 0,
    matchedBy: 'state',
    checks: [],
    mayContinue: true,
    providerError: null,
    code: 'c-1',
    state,
    iss: null,
  };
  act(() => fake.emit('catcherCallback', { waitId: 'w-1', callback }));
  act(() => stores.oauth2.getState().legChosen('token'));
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(stores.oauth2.getState().flow!.legs.token).toBe('succeeded'));
  act(() => stores.oauth2.getState().legChosen('api'));
  return { sent, stores };
}

describe('OAuth 2 page: an access token outside the RFC 6750 §2.1 b64token grammar', () => {
  it('shows on the bearer leg what is wrong instead of stalling, and sends the token as it is when asked', async () => {
    const { sent, stores } = await throughTokenExchange('abc def');
    expect(stores.oauth2.getState().flow!.legs.api).toBe('ready');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(
      'The access token the server issued has " " at position 4, so it is not the letters, digits and - . _ ~ + / with optional trailing = (the b64token of RFC 6750 §2.1), which an Authorization: Bearer header carries.'
    );
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Prepare the call with this token anyway' }));
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(stores.oauth2.getState().flow!.legs.api).toBe('succeeded'));
    expect(sent.at(-1)!.headers).toEqual([
      ['Authorization', 'Bearer abc def'],
      ['User-Agent', expect.stringMatching(/^OAuth-Lab\/\d/)],
    ]);
  });

  it('a b64token goes straight to the bearer call, with no warning', async () => {
    await throughTokenExchange('abc.DEF-_~+/==');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
    // The bearer token is masked in the HTTP box until revealed, like every other secret.
    expect(document.body.textContent).not.toContain('Authorization: Bearer abc.DEF-_~+/==');
    fireEvent.click(screen.getByRole('button', { name: 'Reveal secrets and tokens' }));
    expect(document.body.textContent).toContain('Authorization: Bearer abc.DEF-_~+/==');
  });

  it("a failed bearer call shows its own code: the transport's, or a protocol error's with its step", async () => {
    const refused = await throughTokenExchange(
      'abc',
      new BridgeFailure('connection_refused', 'Nothing listens on 127.0.0.1:1.')
    );
    act(() => refused.stores.oauth2.setState({ autoRefresh: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(refused.stores.oauth2.getState().flow!.legs.api).toBe('failed'));
    expect(refused.stores.oauth2.getState().runs.api!.error).toEqual({
      code: 'connection_refused',
      message: 'Nothing listens on 127.0.0.1:1.',
    });
    cleanup();
    const bad = new ProtocolError(
      PROTOCOL_ERROR.BEARER_FORM_METHOD,
      'bearer',
      'The access token can go in the body only with a method that has one.'
    );
    const refusedLocally = await throughTokenExchange('abc', bad);
    act(() => refusedLocally.stores.oauth2.setState({ autoRefresh: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(refusedLocally.stores.oauth2.getState().flow!.legs.api).toBe('failed'));
    expect(refusedLocally.stores.oauth2.getState().runs.api!.error).toEqual({
      code: 'bearer_form_method',
      message: 'The access token can go in the body only with a method that has one.',
      details: { step: 'bearer' },
    });
    expect(screen.getByText('bearer_form_method')).toBeTruthy();
  });
});
