// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authorizationServer, HostileMcp, unauthorized } from '../../../support/hostile-mcp';
import { renderMcpPage } from './mcp-page-on-mock';
import { mockForPages } from '../flow/render-on-mock';

/**
 * The MCP page against a hostile MCP server on 127.0.0.1 (its own authorization server), over the real transport:
 * an authorization server URL on plain http off loopback, or one on another loopback origin, stops the run before
 * anything is sent there, until the page's switch allows it, with what it risks said.
 */
const h = mockForPages();
let internal: HostileMcp;
let server: HostileMcp;
beforeAll(async () => {
  internal = await new HostileMcp().start();
  server = await new HostileMcp((base) => ({
    '/mcp': unauthorized(`${base}/.well-known/oauth-protected-resource/mcp`),
    '/.well-known/oauth-protected-resource/mcp': { body: { resource: `${base}/mcp`, authorization_servers: [base] } },
    '/.well-known/oauth-authorization-server': authorizationServer(base, {
      token: 'http://as.example.test/token',
      registration: `${internal.base}/_mock/reset`,
    }),
  })).start();
});
afterAll(async () => {
  await Promise.all([internal.stop(), server.stop()]);
});
let closeBridge: () => void = () => {};
afterEach(() => closeBridge());

function setUp() {
  const { tab, close } = renderMcpPage(h);
  closeBridge = close;
  fireEvent.change(screen.getByLabelText('MCP server URL'), { target: { value: `${server.base}/mcp` } });
  return { tab };
}

const checked = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).checked;

async function connect(): Promise<HTMLElement> {
  fireEvent.click(screen.getByRole('button', { name: 'Connect and list the tools' }));
  return screen.findByRole('region', { name: 'Outcome' }, { timeout: 10_000 });
}

describe('MCP page: URLs the server chooses', () => {
  it('refuses an authorization server on plain http off loopback until "Allow plain http" is on', async () => {
    const { tab } = setUp();
    const refused = await connect();
    expect(refused.textContent).toContain(
      'Failed at authorization server metadata: token_endpoint is "http://as.example.test/token": http on a non-loopback host; the metadata requires https URLs (OIDC Discovery §3, RFC 8414 §2), so it is not used.'
    );
    expect(tab.location.href).toBe('');
    fireEvent.click(screen.getByLabelText('Allow plain http to the authorization server'));
    expect(checked('Allow plain http to the authorization server')).toBe(true);
    expect(checked('Allow private targets')).toBe(false);
    expect(
      screen.getByText(/the client secret, the code, the PKCE verifier and the tokens travel in cleartext/)
    ).toBeTruthy();
    const next = await connect();
    // Past the http check, the registration endpoint on another loopback origin is the next refusal.
    expect(next.textContent).toMatch(
      /Failed at authorization server metadata: registration_endpoint .* loopback address/
    );
    expect(
      within(screen.getByRole('list', { name: 'Legs' })).getByText(/used because plain http was allowed/)
    ).toBeTruthy();
    expect(internal.received).toEqual([]);
  });
  it('sends nothing to another loopback origin until "Allow private targets" is on', async () => {
    setUp();
    fireEvent.click(screen.getByLabelText('Allow plain http to the authorization server'));
    expect((await connect()).textContent).toContain(
      `registration_endpoint ${internal.base}/_mock/reset comes from the authorization server metadata at ${server.base}/.well-known/oauth-authorization-server: a loopback address other than the origin of the MCP server you named`
    );
    expect(internal.received).toEqual([]);
    fireEvent.click(screen.getByLabelText('Allow private targets'));
    expect(checked('Allow private targets')).toBe(true);
    expect(screen.getByText(/The server may send this client to your own machine or network/)).toBeTruthy();
    await connect();
    await expect.poll(() => internal.received.map((q) => `${q.method} ${q.target}`)).toEqual(['POST /_mock/reset']);
  });
});
