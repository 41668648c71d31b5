import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { C, Harness } from '../../mock-provider/helpers';
import { runMcpCli } from './run-mcp-cli';

/**
 * `oauth-lab mcp` checks the authorization response's iss against the authorization server's issuer (RFC 9207),
 * which the mock advertises and sends with its issParameter switch on: the honest redirect passes; one with
 * iss=https://evil.example, or with no iss though the metadata advertises it, is refused (RFC 9700 §4.4).
 */
const h = new Harness({ autoLoginUser: 'demo' });
beforeAll(async () => {
  await h.start();
  await h.settings({ switches: { issParameter: true } });
});
afterAll(() => h.stop());

const client = ['--client-id', C.client.id, '--client-secret', C.client.secret, '--no-open'];

/** A browser whose redirect back is tampered with by `edit` before it reaches the CLI's catcher. */
const tampering = (edit: (callback: URL) => void) => async (url: string) => {
  const r = await fetch(url, { redirect: 'manual' });
  const callback = new URL(r.headers.get('location')!, url);
  edit(callback);
  return fetch(callback);
};

describe("oauth-lab mcp: the callback's iss (RFC 9207)", () => {
  it("the authorization server's own iss: the chain goes on to the token", async () => {
    const r = await runMcpCli(
      [`${h.base}/mcp`, ...client],
      undefined,
      process.env,
      tampering(() => {})
    );
    expect(r.stderr).toContain(`iss equals "${h.base}"`);
    expect(r.code, r.stderr).toBe(0);
  });

  it('iss=https://evil.example: refused at the authorization step, exit 1', async () => {
    const r = await runMcpCli(
      [`${h.base}/mcp`, ...client],
      undefined,
      process.env,
      tampering((u) => u.searchParams.set('iss', 'https://evil.example'))
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`iss is "https://evil.example"; expected "${h.base}"`);
  });

  it('no iss though the metadata advertises authorization_response_iss_parameter_supported: refused', async () => {
    const r = await runMcpCli(
      [`${h.base}/mcp`, ...client],
      undefined,
      process.env,
      tampering((u) => u.searchParams.delete('iss'))
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('the callback has no iss');
  });
});
