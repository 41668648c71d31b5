// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { oauth2Flow } from '../../../../shared/flows';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { OidcPage } from '../../../../renderer/features/oidc/OidcPage';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { nodeCrypto } from '../../../../platform/node/node-crypto';
import { C, Harness } from '../../mock-provider/helpers';
import { codeGrant } from '../../host/oidc/oidc-mock-session';
import { fakeBridge } from '../state/fake-bridge';
import { recordingHost } from '../state/host-history';
import { HostileMetadata } from '../../../support/hostile-metadata';

/**
 * The OpenID Connect page against the real mock over sockets: the host's transport fetches the documents (as the
 * app's bridge does), the page checks discovery and validates id_tokens the mock issued, with and without faults.
 */
const h = new Harness({ autoLoginUser: 'demo' });
// Claims the mock's issuer and serves the mock's keys at its own /jwks, counting each fetch.
let impersonator: HostileMetadata;
beforeAll(async () => {
  await h.start();
  impersonator = new HostileMetadata(
    (base) => ({
      issuer: h.base,
      authorization_endpoint: `${h.base}/oauth/v2/authorize`,
      token_endpoint: `${h.base}/oauth/v2/token`,
      jwks_uri: `${base}/jwks`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256', 'ES256'],
    }),
    `${h.base}/oidc/jwks`
  );
  await impersonator.start();
});
afterAll(() => Promise.all([h.stop(), impersonator.stop()]));
afterEach(cleanup);

function renderPage() {
  const { bridge } = fakeBridge(recordingHost());
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

async function discover(issuer = h.base) {
  type('Issuer URL', issuer);
  fireEvent.click(screen.getByRole('button', { name: 'Discover' }));
  return screen.findByRole('region', { name: 'Discovery checks' }, { timeout: 5000 });
}

const stepDetail = (id: string) =>
  screen.getByRole('list', { name: 'Validation steps' }).querySelector(`[data-step="${id}"] .detail`)!.textContent;

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
      request: {
        method: 'POST',
        url: `${h.base}/oauth/v2/token`,
        headers: [],
        body: 'grant_type=authorization_code&code=c%2Fode-1&redirect_uri=http%3A%2F%2F127.0.0.1%3A9%2Fcb',
      },
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
    // The code the token request sent, for c_hash (OIDC Core §3.3.2.11), as the CLI passes it.
    expect((screen.getByLabelText('Authorization code (for c_hash)') as HTMLInputElement).value).toBe('c/ode-1');
    expect((screen.getByLabelText('client_id') as HTMLInputElement).value).toBe(C.client.id);
    expect((screen.getByLabelText('Client secret (HS256)') as HTMLInputElement).type).toBe('password');
  });

  it('the iss step says the issuer was typed and whether discovery confirmed it', async () => {
    renderPage();
    type('Issuer URL', h.base);
    expect((await validateFreshToken()).iss).toBe('passed');
    expect(stepDetail('iss')).toBe(
      `iss is "${h.base}", the expected issuer (the Issuer URL field; not confirmed by discovery: discovery has not run for it).`
    );
    await discover();
    await validateFreshToken();
    expect(stepDetail('iss')).toContain(
      `(the Issuer URL field, confirmed by discovery at ${h.base}/.well-known/openid-configuration)`
    );
    // Another issuer typed after the discovery: that discovery confirms nothing about it.
    type('Issuer URL', `${h.base}/`);
    expect((await validateFreshToken()).iss).toBe('failed');
    expect(stepDetail('iss')).toBe(
      `iss is "${h.base}"; expected exactly "${h.base}/" (the Issuer URL field; not confirmed by discovery: discovery has not run for it).`
    );
  });

  it('a document naming another issuer is refused: no profile offered, no JWKS fetched, no id_token trace', async () => {
    renderPage();
    await discover(impersonator.base);
    expect(screen.getByRole('alert').textContent).toContain(`The document is refused: issuer is "${h.base}"`);
    expect(screen.queryByRole('button', { name: 'Use for a new profile' })).toBeNull();
    const { body, nonce } = await codeGrant(h);
    type('id_token', body.id_token as string);
    type('client_id', C.client.id);
    type('Nonce sent', nonce!);
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    expect(screen.getAllByRole('alert')[1]!.textContent).toMatch(
      /^Not validated: discovery refused the issuer's document/
    );
    expect(screen.queryByRole('list', { name: 'Validation steps' })).toBeNull();
    expect(impersonator.jwksRequests).toBe(0);
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
        expect(Object.keys(status)).toHaveLength(16);
        expect(screen.getByRole('status').textContent).toContain('The id_token is not valid');
      }
    } finally {
      await h.settings({ switches: { idTokenFault: 'off' } });
    }
  }, 30_000);
});
