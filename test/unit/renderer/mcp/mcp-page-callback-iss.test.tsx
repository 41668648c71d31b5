// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { send } from '../../mock-provider/helpers';
import { mockForPages } from '../flow/render-on-mock';
import { legTitles, renderMcpPage } from './mcp-page-on-mock';

/**
 * The MCP page checks the authorization response's iss against the authorization server's issuer (RFC 9207), as
 * `oauth-lab mcp` does: the mock advertises and sends it with its issParameter switch on; the test plays the browser
 * at the mock's auto-login and changes the redirect back on its way to the real catcher. The honest one goes on to
 * the token; iss=https://evil.example, or no iss though the metadata advertises it, stops the chain before the code
 * is exchanged (RFC 9700 §4.4).
 */
const h = mockForPages();
beforeAll(() => h.settings({ switches: { issParameter: true } }));

const EXCHANGE = 'Exchange the code for an access token (POST)';

/** The chain started, the browser's redirect back to the catcher changed by `edit`. */
async function redirectedBack(edit: (callback: URL) => void) {
  const page = renderMcpPage(h);
  fireEvent.click(screen.getByRole('button', { name: 'Connect and list the tools' }));
  await waitFor(() => expect(page.tab.location.href).toContain('/oauth/v2/authorize?'));
  const authorize = new URL(page.tab.location.href);
  const answer = await h.send({ path: authorize.pathname + authorize.search });
  const callback = new URL(String(answer.headers.location));
  expect(callback.searchParams.get('iss')).toBe(h.base);
  edit(callback);
  await send(callback.origin, { path: callback.pathname + callback.search });
  return page;
}

describe("the MCP page: the callback's iss (RFC 9207)", () => {
  it("the authorization server's own iss: the chain goes on to the token", async () => {
    const { close } = await redirectedBack(() => {});
    await screen.findByRole('region', { name: 'Outcome' }, { timeout: 10_000 });
    await waitFor(() => expect(legTitles()).toContain(EXCHANGE));
    expect(document.body.textContent).toContain(`iss equals "${h.base}"`);
    close();
  });

  it('iss=https://evil.example: refused at the authorization step, the code not exchanged', async () => {
    const { close } = await redirectedBack((u) => u.searchParams.set('iss', 'https://evil.example'));
    await waitFor(() =>
      expect(document.body.textContent).toContain(`iss is "https://evil.example"; expected "${h.base}"`)
    );
    expect(legTitles()).not.toContain(EXCHANGE);
    close();
  });

  it('no iss though the metadata advertises authorization_response_iss_parameter_supported: refused', async () => {
    const { close } = await redirectedBack((u) => u.searchParams.delete('iss'));
    await waitFor(() => expect(document.body.textContent).toContain('the callback has no iss'));
    expect(legTitles()).not.toContain(EXCHANGE);
    close();
  });
});
