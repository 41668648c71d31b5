// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { followAuthorization } from '../flow/app-on-mock';
import { renderMcpPage, legTitles } from './mcp-page-on-mock';
import { mockForPages } from '../flow/render-on-mock';

/**
 * The MCP page keeps the server's token as `oauth-lab mcp` does: the second Connect uses it without a tab, the
 * token shows masked, "Forget this server's token" drops it; every exchange is in the history once, flow mcp,
 * with its leg's verdict.
 */
const h = mockForPages();

const setUp = () => renderMcpPage(h);

const connect = () => fireEvent.click(screen.getByRole('button', { name: 'Connect and list the tools' }));
const outcome = async () =>
  (await screen.findByRole('region', { name: 'Outcome' }, { timeout: 10_000 })).textContent ?? '';

describe('MCP page: the token saved per server', () => {
  it('saves the token, uses it on the second Connect, shows it masked, and forgets it', async () => {
    const { tab, bridge } = setUp();
    connect();
    await waitFor(() => expect(tab.location.href).toContain('/oauth/v2/authorize?'));
    await followAuthorization(h, tab);
    expect(await outcome()).toContain('The MCP server answered with the access token.');
    const saved = await screen.findByRole('region', { name: 'Saved token' });
    const [token] = bridge.store.tokensList(undefined);
    expect(token!.label).toBe('MCP page');
    expect(saved.textContent).toContain(`MCP ${h.base}/mcp`);
    expect(saved.textContent).not.toContain(token!.token);
    expect(document.body.textContent).not.toContain(token!.token);

    tab.location.href = '';
    connect();
    await waitFor(() => expect(legTitles()[0]).toBe('The token saved for this server'));
    expect(await outcome()).toContain('The MCP server answered with the access token.');
    expect(legTitles()).not.toContain('Client registration');
    expect(tab.location.href).toBe('');

    fireEvent.click(screen.getByRole('button', { name: "Forget this server's token" }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Saved token' })).toBeNull());
    expect(bridge.store.tokensList(undefined)).toEqual([]);
    expect(bridge.store.profilesList(undefined).some((p) => p.name.startsWith('MCP '))).toBe(false);
    connect();
    await waitFor(() => expect(tab.location.href).toContain('/oauth/v2/authorize?'));
    await followAuthorization(h, tab);
    expect(await outcome()).toContain('The MCP server answered with the access token.');
    bridge.close();
  });
  it('records each exchange once in the history, flow mcp, with the leg’s verdict', async () => {
    const { tab, bridge } = setUp();
    connect();
    await waitFor(() => expect(tab.location.href).toContain('/oauth/v2/authorize?'));
    await followAuthorization(h, tab);
    expect(await outcome()).toContain('The MCP server answered with the access token.');
    await waitFor(() =>
      expect(bridge.store.historyList({ flow: 'mcp', offset: 0, limit: 100 }).entries.at(0)?.leg).toBe('mcp')
    );
    const entries = bridge.store.historyList({ flow: 'mcp', offset: 0, limit: 100 }).entries.reverse();
    expect(entries.map((e) => e.leg)).toEqual([
      'mcp',
      'resourceMetadata',
      'authorizationServerMetadata',
      'token',
      // server/discover with the token, then tools/list: 2026-07-28's stateless wire has no initialized notification.
      'mcp',
      'mcp',
    ]);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    const [first, prm] = entries;
    expect(first!.outcome).toBe('failed');
    expect(first!.summary).toContain('401');
    expect(prm!.outcome).toBe('succeeded');
    expect(prm!.summary).toMatch(/^Every check passed: /);
    const profile = bridge.store.profilesList(undefined).find((p) => p.name === `MCP ${h.base}/mcp`)!;
    expect(entries.slice(4).every((e) => e.profileId === profile.id)).toBe(true);
    bridge.close();
  });
});
