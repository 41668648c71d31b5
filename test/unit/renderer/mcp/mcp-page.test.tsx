// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { followAuthorization } from '../flow/app-on-mock';
import { renderMcpPage, legTitles } from './mcp-page-on-mock';
import { mockForPages } from '../flow/render-on-mock';

/**
 * The MCP page over the real mock, catcher and transport: one click runs the chain to the mock's MCP endpoint (the
 * test plays the browser at the mock's auto-login), the legs appear with their checks, and a tool needing scope
 * write leads to a step-up the user opens; the page's fault switch makes the chain stop where a careful client must.
 */
const h = mockForPages();

const setUp = () => renderMcpPage(h);

describe('MCP page', () => {
  it('runs the chain on the mock, lists the tools, and steps up for write_note', async () => {
    const { tab, close } = setUp();
    fireEvent.change(screen.getByLabelText('Tool to call'), { target: { value: 'write_note' } });
    fireEvent.change(screen.getByLabelText('Arguments (JSON)'), { target: { value: '{"text":"hi"}' } });
    // The button names what it will do: with a tool filled in, the call too.
    fireEvent.click(screen.getByRole('button', { name: 'Connect, list the tools and call write_note' }));
    await waitFor(() => expect(tab.location.href).toContain('/oauth/v2/authorize?'));
    const first = await followAuthorization(h, tab);
    expect(first.searchParams.get('resource')).toBe(`${h.base}/mcp`);
    tab.location.href = '';
    fireEvent.click(await screen.findByRole('button', { name: 'Open the step-up authorization' }, { timeout: 10_000 }));
    await waitFor(() => expect(tab.location.href).toContain('/oauth/v2/authorize?'));
    expect((await followAuthorization(h, tab)).searchParams.get('scope')).toBe('read write');
    const outcome = await screen.findByRole('region', { name: 'Outcome' }, { timeout: 10_000 });
    expect(outcome.textContent).toContain('The MCP server answered with the access token.');
    expect(within(outcome).getByLabelText('Tool result').textContent).toContain('note saved for demo: hi');
    expect(outcome.textContent).toContain('MCP 2026-07-28 (the newest the server speaks)');
    expect(legTitles()).toEqual([
      'MCP server/discover',
      'Protected resource metadata (RFC 9728)',
      `Authorization server metadata (RFC 8414 / OpenID Connect Discovery) for ${h.base}`,
      'Client registration',
      `Authorization code with PKCE S256, resource ${h.base}/mcp, scope read`,
      'Exchange the code for an access token (POST)',
      'MCP server/discover (with the access token)',
      'MCP tools/list (with the access token)',
      'MCP tools/call (with the access token)',
      `Authorization code with PKCE S256, resource ${h.base}/mcp, scope read write`,
      'Exchange the code for an access token (POST)',
      'MCP tools/call (with the access token)',
    ]);
    close();
  });
  it('with protocol version 2025-11-25 chosen, runs the initialize handshake instead of server/discover', async () => {
    const { tab, close } = setUp();
    fireEvent.change(screen.getByLabelText('Protocol version'), { target: { value: '2025-11-25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect and list the tools' }));
    await waitFor(() => expect(tab.location.href).toContain('/oauth/v2/authorize?'));
    await followAuthorization(h, tab);
    const outcome = await screen.findByRole('region', { name: 'Outcome' }, { timeout: 10_000 });
    expect(outcome.textContent).toContain('MCP 2025-11-25 (asked for)');
    expect(legTitles()).toContain('MCP initialize (with the access token)');
    expect(legTitles()).toContain('MCP notifications/initialized (with the access token)');
    expect(legTitles()).not.toContain('MCP server/discover');
    close();
  });
  it('with the mock fault no-pkce, stops at the authorization server metadata and opens no page', async () => {
    const { tab, close } = setUp();
    fireEvent.change(await screen.findByLabelText(/MCP fault at the mock/), { target: { value: 'no-pkce' } });
    await waitFor(() => expect(h.provider.context.settings.switches.mcpFault).toBe('no-pkce'));
    fireEvent.click(screen.getByRole('button', { name: 'Connect and list the tools' }));
    const outcome = await screen.findByRole('region', { name: 'Outcome' }, { timeout: 10_000 });
    expect(outcome.textContent).toMatch(/Failed at authorization server metadata: .*refuse to proceed/);
    expect(tab.location.href).toBe('');
    fireEvent.change(screen.getByLabelText(/MCP fault at the mock/), { target: { value: 'off' } });
    await waitFor(() => expect(h.provider.context.settings.switches.mcpFault).toBe('off'));
    close();
  });
});
