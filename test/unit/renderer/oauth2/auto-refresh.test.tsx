// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { oauth2Flow } from '../../../../shared/flows';
import { profileSchema } from '../../../../shared/store/profile';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { OAuth2Page } from '../../../../renderer/features/oauth2/OAuth2Page';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { C, Harness } from '../../mock-provider/helpers';
import { clientPost, flowAfterCodeGrant } from '../../host/oidc/oidc-mock-session';
import { fakeBridge } from '../state/fake-bridge';
import { hostHistory, recordIds } from '../state/host-history';

/**
 * The OAuth 2 page's bearer call with "Refresh automatically", against the real mock over sockets: a 401 or a
 * token near expiry makes one refresh (shared/flows/bearer-call.ts) and the call again, each shown before the result.
 */
const h = new Harness({ autoLoginUser: 'demo' });
beforeAll(() => h.start());
afterAll(() => h.stop());
afterEach(cleanup);

const profile = profileSchema.parse({
  id: 'mock',
  name: 'Mock provider',
  builtIn: true,
  oauth2: { clientId: C.client.id, clientSecret: C.client.secret },
});

/** The page on its bearer leg, after a real code grant at the mock; `skew` moves the app's clock ahead. */
async function onBearerLeg(skew = 0) {
  const host = hostHistory();
  const { bridge, calls } = fakeBridge({
    httpSend: host.httpSend,
    historyAnnotate: host.historyAnnotate,
    tokenSave: () => null,
    mockState: () => ({
      state: {
        now: new Date().toISOString(),
        oauth1: { requestTokens: [], accessTokens: [] },
        oauth2: { codes: [], accessTokens: [], refreshTokens: [] },
      },
    }),
  });
  let drawn = 0;
  // Every draw different: each send's history record gets an id of its own.
  const stores = createStores({
    bridge,
    crypto: browserCrypto,
    random: { bytes: (n) => new Uint8Array(n).fill(++drawn) },
    now: () => Date.now() + skew,
  });
  stores.app.setState({ profiles: [profile], activeProfileId: 'mock', mock: { running: true, baseUrl: h.base } });
  render(
    <StoresProvider stores={stores}>
      <OAuth2Page />
    </StoresProvider>
  );
  const { flow, body } = await flowAfterCodeGrant(h, 'read');
  act(() =>
    stores.oauth2.setState({
      profile,
      flow,
      current: 'api',
      drafts: { api: oauth2Flow.buildBearerRequest(flow, { method: 'GET', path: profile.oauth2.apiPath }) },
    })
  );
  const history = () => host.legs(recordIds(calls));
  return { stores, history, body: body as { access_token: string; refresh_token: string; expires_in: number } };
}

const result = () => screen.getByRole('region', { name: 'Result' });
async function send(stores: Awaited<ReturnType<typeof onBearerLeg>>['stores']) {
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(stores.oauth2.getState().runs.api?.sending).toBe(false), { timeout: 5000 });
}

describe('OAuth 2 page: Refresh automatically on the bearer call', () => {
  it('without the option, a revoked access token is a 401 and nothing else is sent', async () => {
    const { stores, body, history } = await onBearerLeg();
    await clientPost(h, '/oidc/revoke', { token: body.access_token, token_type_hint: 'access_token' });
    await send(stores);
    expect(within(result()).getByText(/^401/)).toBeTruthy();
    expect(within(result()).queryByRole('list', { name: 'Before this response' })).toBeNull();
    expect(history()).toEqual(['api failed']);
  });

  it('with the option, a 401 makes one refresh and the call again, each shown; the flow keeps the new token', async () => {
    const { stores, body, history } = await onBearerLeg();
    await clientPost(h, '/oidc/revoke', { token: body.access_token, token_type_hint: 'access_token' });
    fireEvent.click(screen.getByLabelText('Refresh automatically'));
    await send(stores);
    const before = within(result()).getByRole('list', { name: 'Before this response' });
    const steps = within(before).getAllByRole('listitem');
    expect(steps.map((s) => s.querySelector('summary')!.textContent)).toEqual([
      expect.stringMatching(/^First call: Answered 401 \(WWW-Authenticate: Bearer .*invalid_token/),
      expect.stringMatching(
        /^Automatic refresh \(after a 401\): Refreshed \(the server answered 401\); new access token, valid for \d+ s\.$/
      ),
    ]);
    expect(within(result()).getByText('API call answered 200.')).toBeTruthy();
    const token = stores.oauth2.getState().flow!.token!;
    expect(token.accessToken).not.toBe(body.access_token);
    expect(token.refreshToken).not.toBe(body.refresh_token);
    expect(stores.oauth2.getState().flow!.legs.refresh).toBe('succeeded');
    // The next Send carries the new token, with the request as the user had it.
    expect(stores.oauth2.getState().drafts.api!.headers).toContainEqual([
      'Authorization',
      `Bearer ${token.accessToken}`,
    ]);
    expect(stores.oauth2.getState().drafts.api!.url).toBe(`${h.base}/api/v2/me`);
    expect(history()).toEqual(['api failed', 'refresh succeeded', 'api succeeded']);
  });

  it('with the option, a token within 30 s of expiry is refreshed before the call', async () => {
    const probe = await onBearerLeg();
    cleanup();
    const { stores, history } = await onBearerLeg((probe.body.expires_in - 10) * 1000);
    fireEvent.click(screen.getByLabelText('Refresh automatically'));
    await send(stores);
    const steps = within(within(result()).getByRole('list', { name: 'Before this response' })).getAllByRole('listitem');
    expect(steps.map((s) => s.querySelector('summary')!.textContent)).toEqual([
      expect.stringMatching(/^Automatic refresh \(near expiry\): Refreshed \(the token expires within 30 s\)/),
    ]);
    expect(within(result()).getByText('API call answered 200.')).toBeTruthy();
    expect(history()).toEqual(['refresh succeeded', 'api succeeded']);
  });
});
