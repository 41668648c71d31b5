// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { OidcPage } from '../../../../renderer/features/oidc/OidcPage';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { createTransportHandlers } from '../../../../electron/services/bridge/transport-handlers';
import { nodeCrypto } from '../../../../electron/services/node-crypto';
import { C, Harness } from '../../electron/provider/helpers';
import { codeGrant } from '../../electron/oidc/oidc-mock-session';
import { fakeBridge } from '../state/fake-bridge';

/**
 * The OpenID Connect page against the real mock over sockets: the host's transport fetches the documents (as the
 * app's bridge does), the page checks discovery and validates id_tokens the mock issued, with and without faults.
 */
const h = new Harness({ autoLoginUser: 'demo' });
beforeAll(() => h.start());
afterAll(() => h.stop());
afterEach(cleanup);

function renderPage() {
  const { bridge } = fakeBridge({ httpSend: createTransportHandlers(nodeCrypto, {}).httpSend });
  const stores = createStores({ bridge, crypto: browserCrypto, random: { bytes: (n) => new Uint8Array(n).fill(3) }, now: () => Date.now() });
  return render(<StoresProvider stores={stores}><OidcPage /></StoresProvider>);
}
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function discover() {
  type('Issuer URL', h.base);
  fireEvent.click(screen.getByRole('button', { name: 'Discover' }));
  return screen.findByRole('region', { name: 'Discovery checks' }, { timeout: 5000 });
}

async function validateFreshToken(): Promise<Record<string, string>> {
  const { body, nonce } = await codeGrant(h);
  type('id_token', body.id_token as string);
  type('client_id', C.client.id);
  type('Nonce sent', nonce!);
  type('Access token (for at_hash)', body.access_token as string);
  fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
  const steps = await screen.findByRole('list', { name: 'Validation steps' }, { timeout: 5000 });
  await waitFor(() => expect(screen.getByRole('button', { name: 'Validate' }).hasAttribute('disabled')).toBe(false));
  return Object.fromEntries(within(steps).getAllByRole('listitem').map((li) => [li.getAttribute('data-step')!, li.getAttribute('data-status')!]));
}

describe('OidcPage', () => {
  it('discovers the mock (every check passes) and shows a valid id_token step by step', async () => {
    renderPage();
    const checks = await discover();
    expect(within(checks).queryAllByText('Failed:')).toEqual([]);
    expect(screen.getByText(`${h.base}/.well-known/openid-configuration`)).toBeTruthy();
    const status = await validateFreshToken();
    expect(Object.values(status).filter((s) => s === 'failed')).toEqual([]);
    expect(status.signature).toBe('passed');
    expect(status.at_hash).toBe('passed');
    expect(screen.getByRole('status').textContent).toContain('The id_token is valid');
  });

  it('a wrong issuer URL is reported, not thrown', async () => {
    renderPage();
    type('Issuer URL', 'not a url');
    fireEvent.click(screen.getByRole('button', { name: 'Discover' }));
    expect((await screen.findByRole('alert')).textContent).toContain('expected an absolute URL');
  });

  const FAULTS: Record<string, string> = { 'wrong-alg': 'alg', 'alg-none': 'alg', expired: 'exp', 'wrong-aud': 'aud', 'wrong-nonce': 'nonce', 'missing-nonce': 'nonce', 'unknown-kid': 'key', 'rotated-key': 'key', 'bad-at-hash': 'at_hash', 'iss-mismatch': 'iss', 'bad-signature': 'signature' };
  it('every fault switch marks exactly its step failed, with the cause shown and the later steps still shown', async () => {
    renderPage();
    await discover();
    try {
      for (const [fault, step] of Object.entries(FAULTS)) {
        await h.settings({ switches: { idTokenFault: fault } });
        const status = await validateFreshToken();
        expect(Object.entries(status).filter(([, s]) => s === 'failed').map(([id]) => id), fault).toEqual([step]);
        expect(Object.keys(status)).toHaveLength(12);
        expect(screen.getByRole('status').textContent).toContain('The id_token is not valid');
      }
    } finally {
      await h.settings({ switches: { idTokenFault: 'off' } });
    }
  }, 30_000);
});
