// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { oauth2Flow } from '../../../../shared/flows';
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
  const stores = createStores({
    bridge,
    crypto: browserCrypto,
    random: { bytes: (n) => new Uint8Array(n).fill(3) },
    now: () => Date.now(),
  });
  return {
    ...render(
      <StoresProvider stores={stores}>
        <OidcPage />
      </StoresProvider>
    ),
    stores,
  };
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
  return Object.fromEntries(
    within(steps)
      .getAllByRole('listitem')
      .map((li) => [li.getAttribute('data-step')!, li.getAttribute('data-status')!])
  );
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
    // The mock's bearer tokens are opaque, and the page says so (RFC 9068 (https://www.rfc-editor.org/rfc/rfc9068) describes the other kind).
    expect(screen.getByRole('region', { name: 'Access token' }).textContent).toContain('The access token is opaque');
  });

  it("takes the id_token, access token, client and nonce from the OAuth 2 flow's last token response", async () => {
    const { stores } = renderPage();
    expect(screen.queryByRole('button', { name: "Take the OAuth 2 flow's id_token" })).toBeNull();
    const flow = oauth2Flow.startOAuth2(
      {
        baseUrl: h.base,
        clientId: C.client.id,
        clientSecret: C.client.secret,
        redirectUri: 'http://127.0.0.1:9/cb',
        scope: 'openid',
      },
      { bytes: (n) => new Uint8Array(n).fill(5) },
      nodeCrypto
    );
    const body = JSON.stringify({ access_token: 'b-at', token_type: 'bearer', id_token: 'h.p.s' });
    const exchange = {
      request: { method: 'POST', url: `${h.base}/oauth/v2/token`, headers: [] },
      response: { status: 200, statusText: 'OK', headers: [], bodyText: body, bodySize: body.length },
      timings: { connect: null, tls: null, firstByte: null, total: 1 },
      startedAt: 0,
    };
    act(() =>
      stores.oauth2.setState({ flow, runs: { token: { sending: false, exchange, error: null, outcome: null } } })
    );
    fireEvent.click(screen.getByRole('button', { name: "Take the OAuth 2 flow's id_token" }));
    expect((screen.getByLabelText('id_token') as HTMLTextAreaElement).value).toBe('h.p.s');
    expect((screen.getByLabelText('Nonce sent') as HTMLInputElement).value).toBe(flow.nonce);
    expect((screen.getByLabelText('client_id') as HTMLInputElement).value).toBe(C.client.id);
    expect((screen.getByLabelText('Client secret (HS256)') as HTMLInputElement).type).toBe('password');
  });

  it('a wrong issuer URL is reported, not thrown', async () => {
    renderPage();
    type('Issuer URL', 'not a url');
    fireEvent.click(screen.getByRole('button', { name: 'Discover' }));
    expect((await screen.findByRole('alert')).textContent).toContain('expected an absolute URL');
  });

  const FAULTS: Record<string, string> = {
    'wrong-alg': 'alg',
    'alg-none': 'alg',
    expired: 'exp',
    'wrong-aud': 'aud',
    'wrong-nonce': 'nonce',
    'missing-nonce': 'nonce',
    'unknown-kid': 'key',
    'rotated-key': 'key',
    'bad-at-hash': 'at_hash',
    'iss-mismatch': 'iss',
    'bad-signature': 'signature',
  };
  it('every fault switch marks exactly its step failed, with the cause shown and the later steps still shown', async () => {
    renderPage();
    await discover();
    try {
      for (const [fault, step] of Object.entries(FAULTS)) {
        await h.settings({ switches: { idTokenFault: fault } });
        const status = await validateFreshToken();
        expect(
          Object.entries(status)
            .filter(([, s]) => s === 'failed')
            .map(([id]) => id),
          fault
        ).toEqual([step]);
        expect(Object.keys(status)).toHaveLength(13);
        expect(screen.getByRole('status').textContent).toContain('The id_token is not valid');
      }
    } finally {
      await h.settings({ switches: { idTokenFault: 'off' } });
    }
  }, 30_000);
});
