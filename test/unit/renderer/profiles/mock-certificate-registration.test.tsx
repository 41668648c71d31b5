// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { MockProvider } from '../../../../mock-provider';
import { loadMockTls } from '../../../../mock-provider/mtls/ca-store';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { ProfilesPage } from '../../../../renderer/features/profiles/ProfilesPage';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { createClientCredentialsStore } from '../../../../renderer/state/machine/machine-stores';
import { createOAuth2Store } from '../../../../renderer/state/oauth2/oauth2-store';
import type { TransportExchange } from '../../../../shared/http';
import type { Profile } from '../../../../shared/store/profile';
import { hostBridge } from '../state/host-bridge';
import { landedAt } from '../state/parity-host';

/*
 * tls_client_auth against the embedded mock without openssl or curl (RFC 8705 §2.1): on a profile that follows the
 * mock, "Issue a certificate and register it at the mock" issues a client certificate from the mock's local CA,
 * registers a client with its subject DN (§2.1.2) and fills in the client, the certificate, its key and the CA; the
 * profile saved, its code flow's token request goes to the running mock's mutual-TLS port with the certificate and
 * is accepted, also after the mock restarts on other ports, and so is the Client credentials page's. Over real sockets: the app's host services, the mock
 * on 127.0.0.1 with its HTTPS port.
 */
const caDir = mkdtempSync(join(tmpdir(), 'oauth-lab-mock-cert-registration-'));
const mock = new MockProvider({ autoLoginUser: 'demo', tls: loadMockTls(caDir) });
let host: ReturnType<typeof hostBridge>;
const deps = () => ({ bridge: host.bridge, crypto: browserCrypto, random: browserRandom, now: () => Date.now() });
beforeAll(async () => {
  await mock.start();
  host = hostBridge(mock, { mockCaDir: caDir });
});
afterAll(async () => {
  await host?.close();
  await mock.stop();
  rmSync(caDir, { recursive: true, force: true });
});
afterEach(cleanup);

/** The saved profile's code flow against the running mock: the token exchange. */
async function tokenExchange(saved: Profile) {
  const page = createOAuth2Store(deps()).getState;
  await page().flowStarted(saved, mock.baseUrl);
  await page().urlPasted(await landedAt((await page().authorizationStarted())!));
  await page().legSent('token');
  return page().runs.token?.exchange;
}

let saved: Profile | undefined;

it('issues a certificate, registers it at the mock, and the saved profile authenticates with it', async () => {
  const user = userEvent.setup();
  const stores = createStores(deps());
  await act(() => stores.app.getState().appOpened());
  render(
    <StoresProvider stores={stores}>
      <ProfilesPage />
    </StoresProvider>
  );
  await user.click(screen.getByRole('button', { name: 'New profile' }));
  const form = screen.getByRole('form', { name: 'New profile' });
  await user.type(within(form).getByLabelText('Name'), 'Certificate client');
  await user.click(within(form).getByLabelText('Follow the embedded mock'));
  await user.selectOptions(within(form).getByLabelText('Client authentication'), 'tls_client_auth');
  // The token endpoint shown as the embedded mock's mutual-TLS port, not a URL to type in.
  expect(within(form).getByText(/^Sent to the embedded mock's mutual-TLS port/).textContent).toContain(
    `now ${mock.mtlsBaseUrl}/oauth/v2/token`
  );
  await user.click(within(form).getByRole('button', { name: 'Issue a certificate and register it at the mock' }));
  const done = await within(form).findByRole('status', {}, { timeout: 10_000 });
  expect(done.textContent).toMatch(/^Registered at the mock as client \S+ \(tls_client_auth, subject CN=profile-/);
  const clientId = (within(form).getByLabelText('Client ID') as HTMLInputElement).value;
  expect(clientId).not.toBe('');
  expect(done.textContent).toContain(clientId);

  await user.click(within(form).getByRole('button', { name: 'Create profile' }));
  saved = await waitFor(async () => {
    const list = await host.bridge.profilesList();
    const found = list.ok ? list.value.find((p) => p.name === 'Certificate client') : undefined;
    if (!found) throw new Error('not saved yet');
    return found;
  });
  expect(saved.oauth2).toMatchObject({ clientId, clientSecret: '', clientAuthentication: 'tls_client_auth' });
  const certificate = new X509Certificate(saved.oauth2.clientCertificate);
  expect(certificate.checkPrivateKey(createPrivateKey(saved.oauth2.clientKey))).toBe(true);
  expect(certificate.checkIssued(new X509Certificate(saved.caCertificates))).toBe(true);
  // The mutual-TLS port is not stored: the profile keeps the path, resolved at send time.
  expect(saved.oauth2.tokenPath).not.toMatch(/^https:/);

  const exchange = await tokenExchange(saved);
  expect(exchange?.request.url).toBe(`${mock.mtlsBaseUrl}/oauth/v2/token`);
  expect((exchange as TransportExchange | undefined)?.tls?.clientCertificate?.subject).toContain('CN=profile-');
  expect(exchange?.response.status, exchange?.response.bodyText).toBe(200);
}, 30_000);

it('follows the mock across a restart on other ports: the token request goes to the new mutual-TLS port', async () => {
  expect(saved).toBeDefined();
  const before = mock.mtlsBaseUrl;
  await mock.stop();
  await mock.start();
  expect(mock.mtlsBaseUrl).not.toBe(before);
  const exchange = await tokenExchange(saved!);
  expect(exchange?.request.url).toBe(`${mock.mtlsBaseUrl}/oauth/v2/token`);
  expect(exchange?.response.status, exchange?.response.bodyText).toBe(200);

  // The Client credentials page too (RFC 6749 §4.4), with the same saved profile.
  const machine = createClientCredentialsStore(deps());
  await machine.getState().flowStarted(saved!, mock.baseUrl);
  await machine.getState().legSent('token');
  const run = machine.getState().runs.token!;
  expect(run.exchange?.request.url).toBe(`${mock.mtlsBaseUrl}/oauth/v2/token`);
  expect(run.exchange?.response.status, run.exchange?.response.bodyText).toBe(200);
}, 30_000);
