// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { profileSchema } from '../../../../shared/store/profile';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { AuthorizePanel } from '../../../../renderer/features/oauth2/AuthorizePanel';
import { AuthorizeLegPanel } from '../../../../renderer/features/oauth1/AuthorizeLegPanel';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { fakeBridge } from '../state/fake-bridge';

afterEach(cleanup);

const CALLBACK = 'http://127.0.0.1:4321/callback';
const profile = profileSchema.parse({
  id: 'p',
  name: 'Server',
  baseUrl: 'http://127.0.0.1:9',
  callbackPort: 4321,
  oauth1: { consumerKey: 'ck', consumerSecret: 'cs' },
  oauth2: { clientId: 'app', clientSecret: 'cs' },
});
const AT = 1_700_000_000_000;

function setUp() {
  const fake = fakeBridge({
    catcherOpen: () => ({ port: 4321, redirectUri: CALLBACK }),
    catcherWait: () => ({ waitId: 'wait-1', redirectUri: CALLBACK }),
    catcherCancel: () => ({ cancelled: true }),
    httpSend: () => ({
      request: { method: 'POST', url: 'http://127.0.0.1:9/x', headers: [] },
      response: {
        status: 200,
        statusText: 'OK',
        headers: [['Content-Type', 'application/x-www-form-urlencoded']],
        bodyText: 'oauth_token=rt&oauth_token_secret=rts&oauth_callback_confirmed=true',
        bodySize: 10,
      },
      timings: { connect: 1, tls: null, firstByte: 2, total: 3 },
      startedAt: 0,
    }),
    historyAnnotate: () => ({ annotated: true }),
  });
  const stores = createStores({ bridge: fake.bridge, crypto: browserCrypto, random: browserRandom, now: () => AT });
  return { ...fake, stores };
}

/** The catcher's event for a request it refused: not this flow's state or request token. */
const unmatched = (query: string, base = CALLBACK) => ({
  type: 'callback',
  at: AT,
  outcome: 'unmatched',
  status: 400,
  url: `${base}?${query}`,
  params: [...new URLSearchParams(query)],
});
const refused = () =>
  within(screen.getByRole('region', { name: 'Refused callbacks' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('requests to the callback refused while a flow waits', () => {
  it('OAuth 2: each is listed with its query masked, as text, and why; the genuine callback still completes', async () => {
    const { stores, emit } = setUp();
    await stores.oauth2.getState().flowStarted(profile, 'http://127.0.0.1:9');
    render(
      <StoresProvider stores={stores}>
        <AuthorizePanel next={null} />
      </StoresProvider>
    );
    // Before the wait opens, nothing is recorded: the flow is not waiting for a callback yet.
    act(() => emit('catcherEvent', unmatched('code=early&state=x')));
    await act(() => stores.oauth2.getState().authorizationStarted());
    act(() => {
      emit('catcherEvent', unmatched('code=STOLEN-CODE&state=forged<img src=x onerror=alert(1)>'));
      emit('catcherEvent', unmatched('code=NO-STATE'));
      // Another catcher (port) and events that are not refusals are someone else's.
      emit('catcherEvent', unmatched('code=z&state=y', 'http://127.0.0.1:5555/callback'));
      emit('catcherEvent', { ...unmatched('state=s'), outcome: 'already_handled', status: 409 });
      emit('catcherEvent', {
        type: 'rejected',
        at: AT,
        reason: 'not_found',
        status: 404,
        method: 'GET',
        path: '/favicon.ico',
      });
    });
    const items = refused();
    expect(items).toHaveLength(2);
    expect(items[0]).toContain('?code=••••••••&state=forged<img src=x onerror=alert(1)>');
    expect(items[0]).toContain(
      "Another state: a request that is not this flow's, e.g. from another web page (RFC 6749 §10.12); still waiting."
    );
    expect(items[1]).toContain('?code=••••••••');
    expect(items[1]).toContain("No state: a request that is not this flow's");
    expect(items.join(' ')).not.toMatch(/STOLEN-CODE|NO-STATE/);
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Waiting for the provider');

    const { state } = stores.oauth2.getState().flow!;
    act(() =>
      emit('catcherCallback', {
        waitId: 'wait-1',
        callback: {
          kind: 'oauth2',
          url: `${CALLBACK}?code=c&state=${state}`,
          path: '/callback',
          query: `code=c&state=${state}`,
          params: [
            ['code', 'c'],
            ['state', state],
          ],
          receivedAt: AT,
          matchedBy: 'state',
          checks: [],
          mayContinue: true,
          providerError: null,
          code: 'c',
          state,
          iss: null,
        },
      })
    );
    expect(stores.oauth2.getState().callbackOutcome!.ok).toBe(true);
    expect(refused()[0]).toMatch(/\(RFC 6749 §10\.12\)\.$/);
  });

  it("OAuth 1.0a: a request without this flow's request token is listed, and the flow keeps waiting", async () => {
    const { stores, emit } = setUp();
    await stores.oauth1.getState().flowStarted(profile, 'http://127.0.0.1:9');
    await stores.oauth1.getState().legSent('requestToken');
    render(
      <StoresProvider stores={stores}>
        <AuthorizeLegPanel next={null} />
      </StoresProvider>
    );
    await act(() => stores.oauth1.getState().authorizationStarted());
    act(() => {
      emit('catcherEvent', unmatched('oauth_token=other&oauth_verifier=V-SECRET'));
      emit('catcherEvent', unmatched('oauth_verifier=v'));
    });
    const items = refused();
    expect(items[0]).toContain('?oauth_token=other&oauth_verifier=••••••••');
    expect(items.join(' ')).not.toContain('V-SECRET');
    expect(items[0]).toContain(
      "Another oauth_token: a request that is not this flow's, e.g. from another web page (RFC 5849 §2.2); still waiting."
    );
    expect(items[1]).toContain('No oauth_token');
    expect(stores.oauth1.getState().authorize.waitId).toBe('wait-1');
  });
});
