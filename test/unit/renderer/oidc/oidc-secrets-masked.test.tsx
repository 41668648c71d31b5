// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { OidcPage } from '../../../../renderer/features/oidc/OidcPage';
import { useOidc } from '../../../../renderer/features/oidc/use-oidc';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { fakeBridge } from '../state/fake-bridge';
import { expectMasked, expectShown, isMasked } from '../masked-field';

/**
 * The OpenID Connect page's validation inputs that are secrets by shared/secrets.ts (the id_token, the client
 * secret for HS256, the access token for at_hash, the code for c_hash) are masked until each one's Reveal and kept
 * as typed; client_id and the nonce stay in clear.
 */
afterEach(cleanup);

describe("the OpenID Connect page's validation inputs", () => {
  it('masks each secret until its Reveal and keeps it as typed', () => {
    const { bridge } = fakeBridge({});
    const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: () => 1_700_000_000_000 });
    render(
      <StoresProvider stores={stores}>
        <OidcPage />
      </StoresProvider>
    );
    const fields = [
      ['id_token', 'idToken', 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJzIn0.c2ln', 'id_token'],
      ['Client secret (HS256)', 'clientSecret', 'hs256-client-secret', 'client secret'],
      ['Access token (for at_hash)', 'accessToken', 'access-token-value-1', 'access token'],
      ['Authorization code (for c_hash)', 'code', 'authorization-code-1', 'authorization code'],
    ] as const;
    for (const [label, key, value] of fields) {
      const field = screen.getByLabelText(label);
      fireEvent.change(field, { target: { value } });
      expectMasked(field, value);
      expect(useOidc.of(stores).getState().inputs[key]).toBe(value);
    }
    for (const [label, , value, name] of fields) {
      fireEvent.click(screen.getByRole('button', { name: `Reveal ${name}` }));
      expectShown(screen.getByLabelText(label), value);
    }
    expect(isMasked(screen.getByLabelText('client_id'))).toBe(false);
    expect(isMasked(screen.getByLabelText('Nonce sent'))).toBe(false);
  });
});
