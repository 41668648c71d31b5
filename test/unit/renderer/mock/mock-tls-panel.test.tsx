// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { MockPage } from '../../../../renderer/features/mock/MockPage';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { hostBridge } from '../state/host-bridge';

/**
 * The Mock page's mutual-TLS panel against the app's services (the mock with its CA in a fresh store directory):
 * the TLS port and the CA's fingerprint, a bad certificate name refused in the bridge's words, and an issued
 * certificate shown by its subject, thumbprint and file paths, its key never on the page.
 */
let bridge: BridgeApi;
let close: () => Promise<void>;
beforeAll(() => ({ bridge, close } = hostBridge(undefined, { mockCa: true })));
afterAll(async () => {
  cleanup();
  await close();
});

const factOf = (list: HTMLElement, label: string) =>
  within(list).getByText(label).nextElementSibling!.querySelector('code')!.textContent;

it('shows the CA and issues a client certificate, showing where its key is and never the key', async () => {
  const started = await bridge.mockStart({ port: 0 });
  if (!started.ok) throw new Error(started.error.message);
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: Date.now });
  stores.app.setState({ mock: started.value });
  render(
    <StoresProvider stores={stores}>
      <MockPage />
    </StoresProvider>
  );
  const panel = await screen.findByRole('region', { name: 'Mutual TLS' });
  const facts = panel.querySelector('dl')!;
  expect(factOf(facts, 'TLS port')).toBe(started.value.mtlsBaseUrl);
  await within(panel).findByText('CA SHA-256');
  const caPath = factOf(facts, 'CA file')!;
  expect(factOf(facts, 'CA SHA-256')).toBe(new X509Certificate(readFileSync(caPath)).fingerprint256);

  const nameInput = within(panel).getByRole('textbox', { name: /Client certificate name/ });
  const issue = within(panel).getByRole('button', { name: 'Issue a client certificate' });
  fireEvent.change(nameInput, { target: { value: '../escape' } });
  fireEvent.click(issue);
  expect((await within(panel).findByRole('alert')).textContent).toMatch(
    /the certificate name must be 1 to 64 letters, digits, '\.', '_' or '-', starting with a letter or digit/
  );

  fireEvent.change(nameInput, { target: { value: 'page-client' } });
  fireEvent.click(issue);
  const card = await within(panel).findByLabelText('Client certificate CN=page-client,O=OAuth Lab mock');
  expect(within(panel).queryByRole('alert')).toBeNull();
  const certificatePath = factOf(card, 'Certificate')!;
  const keyPath = factOf(card, 'Key file')!;
  expect(certificatePath).toMatch(/mock-ca[/\\]clients[/\\]page-client\.pem$/);
  expect(keyPath).toMatch(/mock-ca[/\\]clients[/\\]page-client-key\.pem$/);
  expect(factOf(card, 'x5t#S256')).toBe(
    createHash('sha256')
      .update(new X509Certificate(readFileSync(certificatePath)).raw)
      .digest('base64url')
  );
  const key = readFileSync(keyPath, 'utf8');
  const keyBody = key.split('\n')[1]!;
  expect(document.body.textContent).not.toContain('PRIVATE KEY');
  expect(document.body.textContent).not.toContain(keyBody);
});
