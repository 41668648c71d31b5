// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { MockProvider } from '../../../../mock-provider';
import { profileSchema } from '../../../../shared/store/profile';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { OAuth2Page } from '../../../../renderer/features/oauth2/OAuth2Page';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { C } from '../../mock-provider/helpers';
import { hostBridge } from '../state/host-bridge';
import { landedAt } from '../state/parity-host';

/*
 * The OAuth 2 page's DPoP mistake menu, as a person uses it, with the real host (its key made and proofs signed
 * there) and the mock on 127.0.0.1: the token leg offers the mistakes a token request's proof can carry, the API
 * call those of a proof bound to a token too; each chosen mistake is made at the next Send only, refused by the
 * mock, and the DPoP verifier names it with its section under the leg.
 */
let mock: MockProvider;
let host: ReturnType<typeof hostBridge>;
let base = '';
beforeAll(async () => {
  mock = new MockProvider({ autoLoginUser: 'demo' });
  host = hostBridge();
  base = await mock.start();
});
afterAll(async () => {
  await host.close();
  await mock.stop();
});
afterEach(cleanup);

const optionNames = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('option')
    .map((o) => o.textContent);

it('the wrong htm on the token leg, then another key on the API call: each refused, named with its section', async () => {
  const key = await host.bridge.dpopKey({ key: '', alg: 'ES256' });
  if (!key.ok) throw new Error(key.error.message);
  const profile = profileSchema.parse({
    id: 'page',
    name: 'Page',
    baseUrl: base,
    callbackPort: 0,
    redirectUri: 'http://127.0.0.1:9/callback',
    oauth2: { clientId: C.client.id, clientSecret: C.client.secret, scope: 'read', dpop: true, dpopKey: key.value.key },
  });
  const stores = createStores({ bridge: host.bridge, crypto: browserCrypto, random: browserRandom, now: Date.now });
  stores.app.setState({ profiles: [profile], activeProfileId: 'page' });
  render(
    <StoresProvider stores={stores}>
      <OAuth2Page />
    </StoresProvider>
  );
  const s = stores.oauth2.getState;
  await act(() => s().flowStarted(profile, base));
  const url = await act(() => s().authorizationStarted());
  const landed = await landedAt(url!);
  await act(() => s().urlPasted(landed));
  act(() => s().legChosen('token'));

  const tokenMenu = screen.getByLabelText('DPoP proof mistake for the next Send');
  expect(optionNames(tokenMenu)).not.toContain('Another key than the bound one');
  expect(optionNames(tokenMenu)).toContain("The server's nonce ignored (needs a server asking for nonces)");
  fireEvent.change(tokenMenu, { target: { value: 'htm-wrong' } });
  await act(() => s().legSent('token'));
  const refused = screen.getByRole('region', { name: 'DPoP mistake made' });
  expect(refused.textContent).toContain('Made on purpose: The wrong method in htm in the DPoP proof.');
  expect(refused.textContent).toContain('Refused by the server (HTTP 400), as RFC 9449 asks.');
  const named = refused.querySelector('[data-mistake="htm-wrong"]')!;
  expect(named.textContent).toContain('htm-wrong: htm is not the method of the request');
  expect(named.textContent).toContain('RFC 9449 §4.3 check 8');
  expect((screen.getByLabelText('DPoP proof mistake for the next Send') as HTMLSelectElement).value).toBe('');

  await act(() => s().legSent('token'));
  expect(s().runs.token!.outcome?.ok, s().runs.token!.outcome?.summary).toBe(true);
  expect(screen.queryByRole('region', { name: 'DPoP mistake made' })).toBeNull();

  act(() => s().legChosen('api'));
  const apiMenu = screen.getByLabelText('DPoP proof mistake for the next Send');
  expect(optionNames(apiMenu)).toEqual(expect.arrayContaining(['ath missing', 'Another key than the bound one']));
  fireEvent.change(apiMenu, { target: { value: 'another-key' } });
  await act(() => s().legSent('api'));
  const mismatch = screen.getByRole('region', { name: 'DPoP mistake made' });
  expect(mismatch.textContent).toContain('Refused by the server (HTTP 401)');
  expect(mismatch.querySelector('[data-mistake="jkt-mismatch"]')!.textContent).toContain(
    'RFC 9449 §4.3 check 12, §6.1'
  );
  // The proof was refused, not the token: the bar offers the call again, not a refresh (RFC 9449 §7.1).
  expect(s().standing.accessRefused).toBe(false);
  expect(s().runs.api!.outcome!.summary).toMatch(
    /\(jkt-mismatch\): this answer refuses the proof, not the token \(RFC 9449 §7\.1\), whatever error it gives; send again without the mistake\.$/
  );
  const bar = screen.getByRole('group', { name: 'Next step' });
  expect(within(bar).queryByRole('button', { name: /^Refresh$/ })).toBeNull();
});

it('after a Send, the HTTP request box shows the proof that went, not "signed at Send"', async () => {
  const key = await host.bridge.dpopKey({ key: '', alg: 'ES256' });
  if (!key.ok) throw new Error(key.error.message);
  const profile = profileSchema.parse({
    id: 'sent',
    name: 'Sent',
    baseUrl: base,
    callbackPort: 0,
    redirectUri: 'http://127.0.0.1:9/callback',
    oauth2: { clientId: C.client.id, clientSecret: C.client.secret, scope: 'read', dpop: true, dpopKey: key.value.key },
  });
  const stores = createStores({ bridge: host.bridge, crypto: browserCrypto, random: browserRandom, now: Date.now });
  stores.app.setState({ profiles: [profile], activeProfileId: 'sent' });
  render(
    <StoresProvider stores={stores}>
      <OAuth2Page />
    </StoresProvider>
  );
  const s = stores.oauth2.getState;
  await act(() => s().flowStarted(profile, base));
  const url = await act(() => s().authorizationStarted());
  await act(async () => s().urlPasted(await landedAt(url!)));
  act(() => s().legChosen('token'));
  await act(() => s().legSent('token'));
  const proof = s().runs.token!.exchange!.request.headers.find(([n]) => n.toLowerCase() === 'dpop')![1];
  const box = () => {
    const label = [...document.querySelectorAll('.value-label')].find((e) => e.textContent === 'HTTP request as sent');
    return label!.closest('.value')!.querySelector('pre')!.textContent!;
  };
  expect(box()).toMatch(/^DPoP: •+$/m);
  expect(box()).not.toContain('signed at Send');
  fireEvent.click(screen.getByRole('button', { name: 'Reveal secrets and tokens' }));
  expect(box()).toContain(`DPoP: ${proof}`);
});
