// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { exportJWK, generateKeyPair } from 'jose';
import { afterEach, expect, it } from 'vitest';
import { oauth2ConfigOf, oauth2Flow } from '../../../../shared/flows';
import { buildClientAssertion } from '../../../../shared/oauth2/client-assertion';
import { profileSchema, type Profile } from '../../../../shared/store/profile';
import { joseSigner } from '../../../../platform/jose';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { PushedAuthorization } from '../../../../renderer/features/oauth2/PushedAuthorization';
import { usePar } from '../../../../renderer/state/oauth2/par-store';
import { RequestObjectPanel } from '../../../../renderer/features/oauth2/RequestObjectPanel';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { fakeBridge } from '../state/fake-bridge';

/**
 * The authorize leg's request object toggle and push leg as a person sees them: a client with no key to sign with
 * is told so and offered no toggle that would fail; the push leg shows the client assertion it carried.
 */
afterEach(cleanup);

function mounted(profile: Profile, ui: React.ReactNode) {
  const { bridge } = fakeBridge({});
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: Date.now });
  const flow = oauth2Flow.startOAuth2(
    oauth2ConfigOf(profile, profile.baseUrl, 'http://127.0.0.1:1/callback'),
    browserRandom,
    browserCrypto
  );
  stores.oauth2.setState({ profile, flow });
  render(<StoresProvider stores={stores}>{ui}</StoresProvider>);
  return stores;
}

it('a client with neither a private key nor a secret: the toggle is off and disabled, and the page says why', () => {
  const profile = profileSchema.parse({
    id: 'tls',
    name: 'TLS client',
    baseUrl: 'https://as.example',
    oauth2: { clientId: 'c1', clientAuthentication: 'tls_client_auth' },
  });
  mounted(profile, <RequestObjectPanel />);
  const toggle = screen.getByRole('checkbox', { name: 'Send the request as a signed request object (JAR, RFC 9101)' });
  expect((toggle as HTMLInputElement).disabled).toBe(true);
  expect((toggle as HTMLInputElement).checked).toBe(false);
  expect(screen.getByRole('note').textContent).toBe(
    'The client has no key to sign a request object with: no private key and no client secret (HS256), as it authenticates with tls_client_auth (RFC 9101 §4).'
  );
});

it('the push leg shows the client assertion it carried, part by part, the key only named', async () => {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const key = JSON.stringify({ ...(await exportJWK(privateKey)), kid: 'k1' });
  const profile = profileSchema.parse({
    id: 'pkj',
    name: 'private_key_jwt',
    baseUrl: 'https://as.example',
    oauth2: { clientId: 'c1', clientAuthentication: 'private_key_jwt', assertionKey: key },
  });
  const stores = mounted(profile, <PushedAuthorization />);
  const assertion = await buildClientAssertion(
    {
      method: 'private_key_jwt',
      clientId: 'c1',
      audience: 'https://as.example/par',
      key,
      issuedAt: 1000,
    },
    { random: browserRandom, jose: joseSigner }
  );
  act(() => usePar.of(stores).setState({ enabled: true, parUrl: 'https://as.example/par', assertion }));
  const trace = screen.getByRole('region', { name: 'Client assertion' });
  expect(within(trace).getByText('Client assertion (private_key_jwt)')).toBeTruthy();
  expect(trace.textContent).toContain('"aud": "https://as.example/par"');
  expect(trace.textContent).not.toContain(JSON.parse(key).d);
});
