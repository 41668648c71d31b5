// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_ENDPOINT_GRANTS } from '../../../../shared/flows/driver/registry';
import { percentEncode } from '../../../../shared/percent-encoding';
import { isSecretParameter } from '../../../../shared/secrets';
import { profileSchema } from '../../../../shared/store/profile';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { TokenEndpointGrantPage } from '../../../../renderer/features/machine/TokenEndpointGrantPage';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { fakeBridge } from '../state/fake-bridge';
import { expectMasked, expectShown, isMasked } from '../masked-field';

/**
 * Every token-endpoint grant's page, walked from the specs: a parameter the spec marks `secret` (JWT bearer's
 * assertion, the token exchange's subject_token and actor_token), or whose name is a secret by shared/secrets.ts,
 * is a masked field until its Reveal, and what is typed in it is what the request carries.
 */
afterEach(cleanup);

const profile = profileSchema.parse({
  id: 'p',
  name: 'Server',
  baseUrl: 'https://as.example',
  oauth2: { clientId: 'app', clientSecret: 'client-secret-value', clientAuthentication: 'basic' },
});

function renderGrant(grant: (typeof TOKEN_ENDPOINT_GRANTS)[number]) {
  const { bridge } = fakeBridge({});
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: () => 1_700_000_000_000 });
  stores.app.setState({ profiles: [profile], activeProfileId: 'p' });
  render(
    <StoresProvider stores={stores}>
      <TokenEndpointGrantPage grant={grant} />
    </StoresProvider>
  );
  fireEvent.click(screen.getByRole('button', { name: `Start the ${grant.spec.title} flow` }));
  return stores.tokenGrants[grant.spec.command]!;
}

const fieldOf = (name: string) => screen.getByLabelText(new RegExp(`^${name} \\(`));

const secretParameters = TOKEN_ENDPOINT_GRANTS.flatMap((g) =>
  g.spec.parameters.filter((p) => p.secret || isSecretParameter(p.name, 'form')).map((p) => [g, p] as const)
);

describe("the token-endpoint grants' secret parameters", () => {
  it('are found in the specs: JWT bearer and the token exchange have them', () => {
    expect(secretParameters.map(([g, p]) => `${g.spec.command} ${p.name}`)).toEqual(
      expect.arrayContaining(['jwt-bearer assertion', 'token-exchange subject_token', 'token-exchange actor_token'])
    );
  });

  for (const [grant, parameter] of secretParameters)
    it(`${grant.spec.title}: ${parameter.name} is masked until revealed, and sent as typed`, () => {
      const store = renderGrant(grant);
      const value = `eyJhbGciOiJub25lIn0.eyJzdWIiOiJ3b3JrbG9hZC0${parameter.name.length}In0.`;
      // The others filled in, so the request is built (the token exchange's subject_token_type is required).
      for (const other of grant.spec.parameters)
        if (other !== parameter)
          fireEvent.change(fieldOf(other.name), { target: { value: 'urn:ietf:params:oauth:token-type:jwt' } });
      const field = fieldOf(parameter.name);
      fireEvent.change(field, { target: { value } });
      expectMasked(field, value);
      expect(store.getState().flow?.config.values[parameter.name]).toBe(value);
      fireEvent.click(screen.getByRole('button', { name: `Reveal ${parameter.name}` }));
      expectShown(field, value);
      // The request to send carries it as typed (seen once that column's secrets are revealed too).
      const request = screen.getByRole('region', { name: 'Request to send' });
      fireEvent.click(within(request).getByRole('button', { name: 'Reveal secrets and tokens' }));
      expect(request.textContent).toContain(`${parameter.name}=${percentEncode(value)}`);
    });

  it('leaves the public parameters in clear', () => {
    for (const grant of TOKEN_ENDPOINT_GRANTS) {
      renderGrant(grant);
      for (const p of grant.spec.parameters)
        if (!p.secret && !isSecretParameter(p.name, 'form')) expect(isMasked(fieldOf(p.name))).toBe(false);
      cleanup();
    }
  });
});
