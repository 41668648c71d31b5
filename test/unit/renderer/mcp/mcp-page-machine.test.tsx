// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAssertionHandlers } from '../../../../host/bridge/assertion-handlers';
import { createDpopHandlers } from '../../../../host/bridge/dpop-handlers';
import { nodeRandom } from '../../../../platform/node/node-crypto';
import { renderMcpPage, legTitles } from './mcp-page-on-mock';
import { mockForPages } from '../flow/render-on-mock';

/**
 * The MCP page's machine modes over the real mock: client credentials with DPoP, the nonces of the token endpoint
 * (RFC 9449 §8) and of /mcp (§9) followed, no tab opened; a choice the run cannot make is named before it starts.
 */
const h = mockForPages();

function setUp() {
  const dpop = createDpopHandlers();
  return renderMcpPage(h, {
    dpopKey: dpop.dpopKey,
    dpopSign: dpop.dpopSign,
    clientAssertion: createAssertionHandlers(nodeRandom, Date.now).clientAssertion,
  });
}

describe('MCP page: grants without a browser, and DPoP', () => {
  it('client credentials with DPoP: both nonces followed, the tools listed, no tab', async () => {
    await h.settings({ switches: { dpopNonce: true } });
    const { tab, close } = setUp();
    try {
      fireEvent.change(screen.getByLabelText('Grant'), { target: { value: 'client-credentials' } });
      fireEvent.click(screen.getByLabelText(/DPoP \(RFC 9449\)/));
      fireEvent.click(screen.getByRole('button', { name: 'Connect and list the tools' }));
      const outcome = await screen.findByRole('region', { name: 'Outcome' }, { timeout: 10_000 });
      await waitFor(() => expect(outcome.textContent).toContain('The MCP server answered with the access token.'));
      expect(within(outcome).getByText('whoami')).toBeTruthy();
      const titles = legTitles();
      expect(titles.some((t) => t.includes('Token request (client credentials)'))).toBe(true);
      expect(titles.some((t) => t.includes('use_dpop_nonce, RFC 9449 §8'))).toBe(true);
      expect(titles.some((t) => t.includes('use_dpop_nonce, RFC 9449 §9'))).toBe(true);
      expect(tab.location.href).toBe('');
      // The token is bound to a key made for the run: it is not saved for the next one.
      expect(screen.queryByRole('region', { name: 'Saved token' })).toBeNull();
    } finally {
      close();
      await h.settings({ switches: { dpopNonce: false } });
    }
  });

  it('a private key that cannot sign: the run fails at the token request, saying why', async () => {
    const { close } = setUp();
    try {
      fireEvent.change(screen.getByLabelText('Grant'), { target: { value: 'client-credentials' } });
      fireEvent.change(screen.getByLabelText('Client authentication'), { target: { value: 'private_key_jwt' } });
      fireEvent.change(screen.getByLabelText('Private key'), { target: { value: 'not a key' } });
      fireEvent.click(screen.getByRole('button', { name: 'Connect and list the tools' }));
      const outcome = await screen.findByRole('region', { name: 'Outcome' }, { timeout: 10_000 });
      await waitFor(() =>
        expect(outcome.textContent).toMatch(
          /^Failed at token: The client assertion \(private_key_jwt\) could not be signed: /
        )
      );
    } finally {
      close();
    }
  });

  it('JWT bearer without the workload JWT, private_key_jwt without a key: named, nothing sent', async () => {
    const { close } = setUp();
    try {
      fireEvent.change(screen.getByLabelText('Grant'), { target: { value: 'jwt-bearer' } });
      fireEvent.click(screen.getByRole('button', { name: 'Connect and list the tools' }));
      expect(await screen.findByText(/presents the workload JWT \(RFC 7523 §2\.1\)/)).toBeTruthy();
      fireEvent.change(screen.getByLabelText('Grant'), { target: { value: 'client-credentials' } });
      fireEvent.change(screen.getByLabelText('Client authentication'), { target: { value: 'private_key_jwt' } });
      fireEvent.click(screen.getByRole('button', { name: 'Connect and list the tools' }));
      expect(await screen.findByText(/private_key_jwt signs with the client's private key/)).toBeTruthy();
      expect(screen.queryByRole('list', { name: 'Legs' })?.children.length ?? 0).toBe(0);
    } finally {
      close();
    }
  });
});
