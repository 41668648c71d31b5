// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { defaultMockProfile } from '../../../../host/store/mock-profile';
import { bridgeOnMock, sendLeg } from '../flow/app-on-mock';
import { oauth2PageOnTokenLeg } from './oauth2-page-on-mock';
import { mockForPages } from '../flow/render-on-mock';

/**
 * Revocation and introspection on the OAuth 2 page, once the flow has a token, against the real mock: the endpoints
 * from this server's metadata, each answer brought into view.
 */
const h = mockForPages();

describe('OAuth 2 page: revoke and introspect', () => {
  it('after the token exchange, introspects, revokes and introspects again; each answer scrolls into view', async () => {
    const bridge = bridgeOnMock(h);
    const scrolled = vi.fn();
    try {
      const stores = await oauth2PageOnTokenLeg(h, bridge.bridge, defaultMockProfile(), scrolled);
      expect(screen.queryByRole('region', { name: 'Revoke or introspect' })).toBeNull();
      await sendLeg(stores, 'token');
      const panel = screen.getByRole('region', { name: 'Revoke or introspect' });
      fireEvent.click(within(panel).getByRole('button', { name: 'Find the endpoints' }));
      const introspect = await within(panel).findByRole('button', { name: 'Introspect the access token' });
      const sources = within(panel).getByRole('list', { name: 'Lifecycle endpoints' });
      expect(sources.textContent).toContain(`${h.base}/oidc/revoke (from the metadata of ${h.base})`);

      const answer = async (button: HTMLElement | string, count: number) => {
        fireEvent.click(typeof button === 'string' ? within(panel).getByRole('button', { name: button }) : button);
        await waitFor(() => expect(panel.querySelectorAll('section.lifecycle-leg')).toHaveLength(count));
        const newest = panel.querySelector('section.lifecycle-leg')!;
        expect(scrolled.mock.contexts.at(-1)).toBe(newest);
        return newest;
      };
      expect((await answer(introspect, 1)).textContent).toContain('The provider says active: true.');
      expect((await answer('Revoke the access token', 2)).textContent).toContain('Revoked, or already invalid');
      expect((await answer('Introspect the access token', 3)).textContent).toContain(
        'The provider says active: false.'
      );
    } finally {
      await bridge.close();
    }
  });

  it("the profile's endpoints, with no discovery: the buttons at once, each endpoint credited to the profile", async () => {
    const bridge = bridgeOnMock(h);
    const mock = defaultMockProfile();
    const typed = {
      ...mock,
      oauth2: { ...mock.oauth2, revocationEndpoint: '/oidc/revoke', introspectionEndpoint: '/oidc/introspect' },
    };
    try {
      const stores = await oauth2PageOnTokenLeg(h, bridge.bridge, typed);
      await sendLeg(stores, 'token');
      const panel = screen.getByRole('region', { name: 'Revoke or introspect' });
      expect(within(panel).queryByRole('button', { name: 'Find the endpoints' })).toBeNull();
      const sources = within(panel).getByRole('list', { name: 'Lifecycle endpoints' }).textContent;
      expect(sources).toContain(`${h.base}/oidc/revoke (from the profile)`);
      expect(sources).toContain(`${h.base}/oidc/introspect (from the profile)`);
      fireEvent.click(within(panel).getByRole('button', { name: 'Introspect the access token' }));
      await waitFor(() => expect(panel.querySelector('section.lifecycle-leg')?.textContent).toContain('active: true'));
    } finally {
      await bridge.close();
    }
  });
});
