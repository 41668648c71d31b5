// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createRequestObjectHandlers } from '../../../../host/bridge/request-object-handlers';
import { defaultMockProfile } from '../../../../host/store/mock-profile';
import { nodeRandom } from '../../../../platform/node/node-crypto';
import { OAuth2Page } from '../../../../renderer/features/oauth2/OAuth2Page';
import { useRequestObject } from '../../../../renderer/state/oauth2/request-object-store';
import type { Profile } from '../../../../shared/store/profile';
import { bridgeOnMock, followAuthorization } from '../flow/app-on-mock';
import { mockForPages, renderOnMock } from '../flow/render-on-mock';

/**
 * The OAuth 2 page's request object (RFC 9101) with the built-in mock profile against the default mock (which
 * verifies asymmetric algorithms only): signed ES256 with the built-in client's demo key and accepted, out of the
 * box; without that key, the HS256 one the mock's metadata does not list is refused on the page, before anything is
 * sent, naming the algorithms listed and the fix; started over with the key (the profile given it, or another
 * profile picked), signed again by itself, the refusal gone.
 */
const h = mockForPages();

/** The built-in mock profile, its private key replaced when `assertionKey` is given ('' for none). */
function mockProfile(assertionKey?: string): Profile {
  const profile = defaultMockProfile();
  return { ...profile, oauth2: { ...profile.oauth2, ...(assertionKey === undefined ? {} : { assertionKey }) } };
}

function renderPage(profiles: readonly Profile[]) {
  const bridge = bridgeOnMock(h, {
    requestObjectSign: createRequestObjectHandlers(nodeRandom, Date.now).requestObjectSign,
    // The picker remembers the chosen profile; nothing here reads it back.
    settingsUpdate: () => null,
  });
  return { ...renderOnMock(h, bridge.bridge, <OAuth2Page />, profiles), calls: bridge.calls, close: bridge.close };
}

const toggle = () =>
  screen.findByRole('checkbox', { name: 'Send the request as a signed request object (JAR, RFC 9101)' });

describe('OAuth 2 page: request object against the default mock', () => {
  it("the built-in profile signs ES256 with its client's demo key; the mock accepts it and the code comes back", async () => {
    const { stores, tab, close } = renderPage([mockProfile()]);
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Start the OAuth 2 flow' }));
      fireEvent.click(await toggle());
      const claims = await screen.findByRole('table', { name: 'Request object header and claims' });
      expect(within(claims).getByRole('rowheader', { name: 'header.alg' }).closest('tr')!.textContent).toContain(
        'ES256'
      );
      expect(within(claims).getByRole('rowheader', { name: 'header.kid' }).closest('tr')!.textContent).toContain(
        'oauth-lab-client-demo'
      );
      fireEvent.click(screen.getByRole('button', { name: 'Open in browser' }));
      await waitFor(() => expect(tab.location.href).toContain('request='));
      const opened = await followAuthorization(h, tab);
      expect([...opened.searchParams.keys()]).toEqual(['client_id', 'request']);
      await waitFor(() => expect(stores.oauth2.getState().callbackOutcome?.ok).toBe(true));
    } finally {
      await close();
    }
  });

  it('without the private key: HS256 is not listed by the mock, the page says so and opens nothing', async () => {
    const { stores, tab, calls, close } = renderPage([mockProfile('')]);
    const signed = () => calls.filter(([name]) => name === 'requestObjectSign').length;
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Start the OAuth 2 flow' }));
      fireEvent.click(await toggle());
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe(
        "The provider verifies request objects signed with RS256, RS384, RS512, PS256, PS384, PS512, ES256, ES384, ES512, EdDSA only (request_object_signing_alg_values_supported); this one would be signed HS256 with the client secret and refused (RFC 9101 §4). Give the profile the private key whose public half the client registered (the profile's Private key field; the built-in mock profile holds its client's demo key)."
      );
      expect(screen.queryByRole('table', { name: 'Request object header and claims' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Open in browser' }));
      // Signed again for the send, and refused again: nothing goes to the browser.
      await waitFor(() => expect(signed()).toBe(2));
      await waitFor(() => expect(useRequestObject.of(stores).getState()).toMatchObject({ signing: false, made: null }));
      await waitFor(() => expect(useRequestObject.of(stores).getState().error).toContain('HS256'));
      expect(tab.location.href).toBe('');
    } finally {
      await close();
    }
  });

  it('the refusal shown, then the profile given its private key and the flow started over: signed again, ES256', async () => {
    const { stores, close } = renderPage([mockProfile('')]);
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Start the OAuth 2 flow' }));
      fireEvent.click(await toggle());
      expect((await screen.findByRole('alert')).textContent).toContain('HS256');
      act(() => stores.app.getState().profilesChanged([mockProfile()]));
      fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
      expect(await signedAlg()).toContain('ES256');
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      await close();
    }
  });

  it('the refusal shown, then another profile picked, one with a private key, and started: signed again, ES256', async () => {
    const withKey = { ...mockProfile(), id: 'with-key', name: 'Mock with key', builtIn: false, baseUrl: h.base };
    const { close } = renderPage([mockProfile(''), { ...withKey, callbackPort: 0 }]);
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Start the OAuth 2 flow' }));
      fireEvent.click(await toggle());
      expect((await screen.findByRole('alert')).textContent).toContain('HS256');
      fireEvent.change(screen.getByRole('combobox', { name: 'Profile' }), { target: { value: 'with-key' } });
      fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
      expect(await signedAlg()).toContain('ES256');
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      await close();
    }
  });
});

/** The shown request object's header.alg row, once there is one. */
async function signedAlg(): Promise<string> {
  const claims = await screen.findByRole('table', { name: 'Request object header and claims' });
  return within(claims).getByRole('rowheader', { name: 'header.alg' }).closest('tr')!.textContent!;
}
