// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderMcpPage, legTitles } from './mcp-page-on-mock';
import { mockForPages } from '../flow/render-on-mock';
import { userIdToken } from '../../mock-provider/agent-mock';

/**
 * The MCP page's ID-JAG grant (enterprise-managed authorization) over the real mock in both roles: on the mock the
 * IdP is the mock's token endpoint and its client the page's, so only the user's id_token is pasted; the exchange and
 * the redemption are links of the chain; a broken ID-JAG stops the run at the exchange; a missing id_token is named.
 */
const h = mockForPages();
afterEach(async () => {
  await h.settings({ switches: { idJagFault: 'off' } });
});

const setUp = () => renderMcpPage(h);

async function connectWithIdToken(): Promise<HTMLElement> {
  fireEvent.change(screen.getByLabelText('Grant'), { target: { value: 'id-jag' } });
  const idToken = await userIdToken(h);
  fireEvent.change(screen.getByLabelText('id_token'), { target: { value: idToken } });
  fireEvent.click(screen.getByRole('button', { name: 'Connect and list the tools' }));
  return screen.findByRole('region', { name: 'Outcome' }, { timeout: 10_000 });
}

describe('MCP page: the ID-JAG grant', () => {
  it('the id_token exchanged at the mock as IdP, the ID-JAG redeemed, the tools listed', async () => {
    const { close } = setUp();
    try {
      const outcome = await connectWithIdToken();
      await waitFor(() => expect(outcome.textContent).toContain('The MCP server answered with the access token.'));
      expect(outcome.textContent).toContain('whoami');
      const titles = legTitles();
      expect(titles.some((t) => t.includes('Token exchange at the IdP for an ID-JAG'))).toBe(true);
      expect(titles.some((t) => t.includes('Redeem the ID-JAG at the authorization server'))).toBe(true);
      const sent = new URLSearchParams(
        h.provider.events
          .recent(0)
          .filter((e) => e.endpoint === 'oauth2.token')
          .at(-2)!.exchange.request.body
      );
      expect(sent.get('audience')).toBe(h.base);
      expect(sent.get('resource')).toBe(`${h.base}/mcp`);
    } finally {
      close();
    }
  });

  it('a broken ID-JAG (idJagFault wrong-typ) ends the run at the exchange, never redeemed', async () => {
    await h.settings({ switches: { idJagFault: 'wrong-typ' } });
    const { close } = setUp();
    try {
      const outcome = await connectWithIdToken();
      await waitFor(() =>
        expect(outcome.textContent).toMatch(/^Failed at exchange: The ID-JAG received is not one to redeem \(typ\)/)
      );
      expect(legTitles().some((t) => t.includes('Redeem the ID-JAG'))).toBe(false);
    } finally {
      close();
    }
  });

  it('an IdP token endpoint on plain http off loopback: refused as oauth-lab mcp refuses it, nothing sent', async () => {
    const idToken = await userIdToken(h);
    const { close } = setUp();
    try {
      fireEvent.change(screen.getByLabelText('Grant'), { target: { value: 'id-jag' } });
      fireEvent.change(screen.getByLabelText('IdP token endpoint'), { target: { value: 'http://example.test/token' } });
      fireEvent.change(screen.getByLabelText('id_token'), { target: { value: idToken } });
      const before = h.provider.events.recent(0).length;
      fireEvent.click(screen.getByRole('button', { name: 'Connect and list the tools' }));
      const outcome = await screen.findByRole('region', { name: 'Outcome' }, { timeout: 10_000 });
      await waitFor(() =>
        expect(outcome.textContent).toContain(
          'IdP token endpoint must be an https URL (http only on 127.0.0.1, localhost or [::1]); got "http://example.test/token"'
        )
      );
      expect(screen.queryByRole('list', { name: 'Legs' })?.children.length ?? 0).toBe(0);
      expect(h.provider.events.recent(0).length).toBe(before);
    } finally {
      close();
    }
  });

  it('without the id_token: named, nothing sent', async () => {
    const { close } = setUp();
    try {
      fireEvent.change(screen.getByLabelText('Grant'), { target: { value: 'id-jag' } });
      fireEvent.click(screen.getByRole('button', { name: 'Connect and list the tools' }));
      expect(await screen.findByText(/exchanges the user's id_token for the ID-JAG \(RFC 8693\)/)).toBeTruthy();
      expect(screen.queryByRole('list', { name: 'Legs' })?.children.length ?? 0).toBe(0);
    } finally {
      close();
    }
  });
});
