import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppStore } from '../../../../host/store';
import { C, Harness } from '../../mock-provider/helpers';
import { runMcpCli } from './run-mcp-cli';

// `oauth-lab mcp` records each exchange in the store's history once, as `flow` does (flow mcp), unless
// --no-history or the store's keepHistory setting is off.
const h = new Harness({ autoLoginUser: 'demo' });
let dir = '';
beforeAll(async () => {
  await h.start();
  dir = mkdtempSync(join(tmpdir(), 'mcp-history-'));
});
afterAll(async () => {
  await h.stop();
  rmSync(dir, { recursive: true, force: true });
});

const mcpEntries = () => createAppStore({ cwd: dir }).historyList({ flow: 'mcp', offset: 0, limit: 100 }).entries;
const client = ['--client-id', C.client.id, '--client-secret', C.client.secret, '--no-open', '--no-save'];

describe('oauth-lab mcp: the history', () => {
  it('records every leg once, flow mcp, with its verdict', async () => {
    const r = await runMcpCli([`${h.base}/mcp`, ...client], dir);
    expect(r.code).toBe(0);
    const entries = mcpEntries().reverse();
    expect(entries.map((e) => e.leg)).toEqual([
      'mcp',
      'resourceMetadata',
      'authorizationServerMetadata',
      'token',
      // server/discover with the token, then tools/list: 2026-07-28's stateless wire has no initialized notification.
      'mcp',
      'mcp',
    ]);
    expect(entries[0]!.outcome).toBe('failed');
    expect(entries[0]!.summary).toContain('401');
    expect(entries.slice(1).every((e) => e.outcome === 'succeeded')).toBe(true);
    expect(entries[1]!.summary).toMatch(/^Every check passed: /);
    expect(JSON.stringify(entries)).not.toContain(C.client.secret);
  });
  it("a leg whose checks fail is recorded failed with the check's words, though its status was 200", async () => {
    await h.settings({ switches: { mcpFault: 'wrong-resource' } });
    try {
      const r = await runMcpCli([`${h.base}/mcp`, ...client], dir);
      expect(r.code).toBe(1);
    } finally {
      await h.settings({ switches: { mcpFault: 'off' } });
    }
    const [last] = mcpEntries();
    expect(last!.leg).toBe('resourceMetadata');
    expect(last!.exchange.response.status).toBe(200);
    expect(last!.outcome).toBe('failed');
    expect(last!.summary).toContain('does not name the MCP server');
  });
  it('--no-history records nothing', async () => {
    const before = mcpEntries().length;
    const r = await runMcpCli([`${h.base}/mcp`, ...client, '--no-history'], dir);
    expect(r.code).toBe(0);
    expect(mcpEntries()).toHaveLength(before);
  });
  it('keepHistory off in the store records nothing', async () => {
    createAppStore({ cwd: dir }).settingsUpdate({ keepHistory: false });
    const before = mcpEntries().length;
    const r = await runMcpCli([`${h.base}/mcp`, ...client], dir);
    expect(r.code).toBe(0);
    expect(mcpEntries()).toHaveLength(before);
  });
});
