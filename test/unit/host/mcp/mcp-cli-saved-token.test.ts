import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppStore } from '../../../../host/store';
import { Harness } from '../../mock-provider/helpers';
import { runMcpCli } from './run-mcp-cli';

// `oauth-lab mcp URL` keeps the server's token in the store (a profile per server): the second run uses it without
// authorizing, a token past its expiry is refreshed, and a refused refresh leads to a new authorization.
const h = new Harness({ autoLoginUser: 'demo' });
let dir = '';
beforeAll(async () => {
  await h.start();
  dir = mkdtempSync(join(tmpdir(), 'mcp-saved-'));
});
afterAll(async () => {
  await h.stop();
  rmSync(dir, { recursive: true, force: true });
});

const serverTokens = () => {
  const store = createAppStore({ cwd: dir });
  const profile = store.profilesList(undefined).find((p) => p.baseUrl === `${h.base}/mcp`)!;
  return { store, profile, tokens: store.tokensList({ profileId: profile.id }) };
};

/** The saved token changed as a test needs (expired, a refresh token the server never issued). */
function alterSavedToken(change: { expiresAt?: number; refreshToken?: string }) {
  const { store, tokens } = serverTokens();
  store.tokenSave({ token: { ...tokens[0]!, ...change } });
}

describe('oauth-lab mcp: the token saved per server', () => {
  it('the first run authorizes (DCR) and saves the token under a profile named after the server', async () => {
    const r = await runMcpCli([`${h.base}/mcp`, '--no-open'], dir);
    expect(r.code).toBe(0);
    expect(r.opened).toHaveLength(1);
    expect(r.stderr).toContain(`The token is saved under the profile "MCP ${h.base}/mcp"`);
    const { profile, tokens } = serverTokens();
    expect(profile.oauth2.tokenParams).toEqual([['resource', `${h.base}/mcp`]]);
    // The client and token are the authorization server's: kept with its issuer, used with no other (SEP-2352).
    expect(profile.oauth2.issuer).toBe(h.base);
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.refreshToken).not.toBe('');
  });
  it('the second run uses the saved token: no registration, no authorization', async () => {
    const r = await runMcpCli([`${h.base}/mcp`, '--no-open', '--call', 'whoami'], dir);
    expect(r.code).toBe(0);
    expect(r.opened).toEqual([]);
    expect(r.stderr).toContain('The token saved for this server');
    expect(r.stderr).toContain(`Saved access token for resource ${h.base}/mcp from ${h.base},`);
    expect(r.stderr).not.toContain('Client registration');
    expect(r.stdout).toContain('user demo');
  });
  it('a saved token past its expiry is refreshed and the new one saved in its place', async () => {
    const before = serverTokens().tokens[0]!;
    alterSavedToken({ expiresAt: Date.now() - 1000 });
    const r = await runMcpCli([`${h.base}/mcp`, '--no-open'], dir);
    expect(r.code).toBe(0);
    expect(r.opened).toEqual([]);
    expect(r.stderr).toContain(`Refresh the saved token (RFC 6749 §6), resource ${h.base}/mcp`);
    const after = serverTokens().tokens;
    expect(after).toHaveLength(1);
    expect(after[0]!.token).not.toBe(before.token);
    expect(after[0]!.expiresAt!).toBeGreaterThan(Date.now());
  });
  it('a refused refresh leads to a new authorization, whose token is saved', async () => {
    alterSavedToken({ expiresAt: Date.now() - 1000, refreshToken: 'a-refresh-token-never-issued' });
    const r = await runMcpCli([`${h.base}/mcp`, '--no-open'], dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('The refresh was refused');
    expect(r.opened).toHaveLength(1);
    expect(serverTokens().tokens[0]!.refreshToken).not.toBe('a-refresh-token-never-issued');
  });
  it('a saved token the server refuses (401) is refreshed, then used', async () => {
    alterSavedToken({ token: 'an-access-token-never-issued' } as never);
    const r = await runMcpCli([`${h.base}/mcp`, '--no-open'], dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('The saved token was refused: refreshing it.');
    expect(r.opened).toEqual([]);
  });
  it('--no-save neither uses nor keeps a token', async () => {
    const before = serverTokens().tokens[0]!;
    const r = await runMcpCli([`${h.base}/mcp`, '--no-open', '--no-save', '--store-dir', dir]);
    expect(r.code).toBe(0);
    expect(r.opened).toHaveLength(1);
    expect(serverTokens().tokens[0]).toEqual(before);
  });
});
