import { afterEach, describe, expect, it } from 'vitest';
import { json } from '../../../support/emulations/provider-emulation';
import { startOAuth2Emulation } from '../../../support/emulations/presets/oauth2-emulation';
import { runFlowCli } from '../flows/run-flow-cli';

// A redirect URI the catcher cannot receive: the user pastes the URL landed on, and the CLI must then exit like any
// other flow although its stdin (a terminal, here a pipe never closed) stays open.

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

describe('oauth-lab flow with a pasted URL', () => {
  it('exits 0 after "Flow completed" while stdin stays open', async () => {
    const e = await startOAuth2Emulation({
      authorizePath: '/authorize',
      tokenPath: '/token',
      clientId: 'cid',
      clientSecret: 'cs',
      clientAuth: 'body',
      tokenResponse: () => json({ access_token: 'pasted-at', token_type: 'bearer' }),
    });
    servers.push(e);
    const r = await runFlowCli(
      [
        'oauth2',
        '--base-url',
        e.main.base,
        '--authorize-path',
        '/authorize',
        '--token-path',
        '/token',
        '--client-id',
        'cid',
        '--client-secret',
        'cs',
        '--redirect-uri',
        'https://app.example.test/oauth/done',
        '--no-open',
        '--no-history',
        '--json',
      ],
      async (url, stdin) => {
        const landed = await fetch(url, { redirect: 'manual' });
        stdin.write(`${landed.headers.get('location')}\n`);
      }
    );
    expect(r.stderr).toContain('Flow completed.');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ access_token: 'pasted-at' });
  });
});
