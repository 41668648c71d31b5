// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { OidcPage } from '../../../../renderer/features/oidc/OidcPage';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { fakeBridge } from '../state/fake-bridge';

/**
 * Values no clock can show on the OpenID Connect page: an id_token and a JWT access token with exp 1e13 are
 * failed steps (RFC 7519 §2), and a panel that throws anyway shows its error in place while the page stays.
 */
const panelThrows = vi.hoisted(() => ({ on: false }));
vi.mock('../../../../renderer/features/oidc/AccessTokenView', async (original) => {
  const real = await original<typeof import('../../../../renderer/features/oidc/AccessTokenView')>();
  return {
    AccessTokenView: (props: { token: string }) => {
      if (panelThrows.on) throw new Error('a value this panel did not expect');
      return real.AccessTokenView(props);
    },
  };
});

afterEach(() => {
  cleanup();
  panelThrows.on = false;
});

const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const NOW = 1_700_000_000;
const idToken = `${enc({ alg: 'RS256', kid: 'k' })}.${enc({ iss: 'https://op.example', sub: 's', aud: 'rp', iat: NOW, exp: 1e13 })}.c2ln`;
const accessToken = `${enc({ alg: 'RS256', typ: 'at+jwt' })}.${enc({ iss: 'https://op.example', sub: 's', aud: 'api', client_id: 'rp', jti: 'j', iat: NOW, exp: 1e13 })}.c2ln`;

function validate() {
  const { bridge } = fakeBridge({});
  const stores = createStores({
    bridge,
    crypto: browserCrypto,
    random: { bytes: (n) => new Uint8Array(n).fill(3) },
    now: () => NOW * 1000,
  });
  render(
    <StoresProvider stores={stores}>
      <OidcPage />
    </StoresProvider>
  );
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  type('Issuer URL', 'https://op.example');
  type('id_token', idToken);
  type('client_id', 'rp');
  type('Access token (for at_hash)', accessToken);
  fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
}

const status = (list: HTMLElement, step: string) => list.querySelector(`[data-step="${step}"]`)!;

describe('OidcPage with dates beyond any clock', () => {
  it('exp 1e13 in the id_token and in the JWT access token: each a failed exp step, the page whole', async () => {
    validate();
    const steps = await screen.findByRole('list', { name: 'Validation steps' });
    expect(status(steps, 'exp').getAttribute('data-status')).toBe('failed');
    expect(status(steps, 'exp').textContent).toContain('exp is 10000000000000, beyond the last date a clock can show');
    const at = within(screen.getByRole('region', { name: 'Access token' }));
    const atSteps = at.getByRole('list', { name: 'Access token checks' });
    expect(status(atSteps, 'exp').getAttribute('data-status')).toBe('failed');
    expect(at.getByText(/Expires at no readable time/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'OpenID Connect' })).toBeTruthy();
  });

  it('a panel that throws shows its error in that panel; the id_token steps and the page stay', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    panelThrows.on = true;
    try {
      validate();
      await screen.findByRole('list', { name: 'Validation steps' });
      expect(screen.getByRole('alert').textContent).toBe(
        'The access token could not be shown: a value this panel did not expect The rest of the page still works.'
      );
      expect(screen.getByRole('button', { name: 'Validate' })).toBeTruthy();
      expect(screen.getByRole('region', { name: 'Token lifecycle' })).toBeTruthy();
    } finally {
      quiet.mockRestore();
    }
  });
});
