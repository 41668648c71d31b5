import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS, MockProvider } from '../../../../mock-provider';
import { flowInProcess } from './flow-in-process';

/**
 * `flow oauth2 --dpop` binds the authorization code to the DPoP key (RFC 9449 §10) against the mock over real
 * sockets: dpop_jkt on the authorization URL, or, with --par, a proof on the push (§10.1), the mock's verdicts saying
 * the code is bound to that key and the token leg's proof accepted for it.
 */
let mock: MockProvider;
const opened: string[] = [];
beforeAll(async () => {
  mock = new MockProvider({ autoLoginUser: 'demo' });
  await mock.start({ port: 0 });
});
afterAll(() => mock.stop());
const { client } = DEFAULT_CREDENTIALS;
const flow = (extra: string[]) =>
  flowInProcess(
    [
      'oauth2',
      '--base-url',
      mock.baseUrl,
      '--client-id',
      client.id,
      '--client-secret',
      client.secret,
      '--scope',
      'read',
      '--no-history',
      '--json',
      '--dpop',
      ...extra,
    ],
    async (url) => {
      opened.push(url);
      await fetch(url, { redirect: 'follow' });
    }
  );
const verdicts = () => mock.context.events.recent().map((e) => e.verdict.message);

describe('oauth-lab flow oauth2 --dpop binds the code to the key (RFC 9449 §10)', () => {
  it('the authorization URL carries dpop_jkt, the thumbprint of the key the token leg proves', async () => {
    const r = await flow([]);
    expect(r.code, r.err).toBe(0);
    const thumbprint = (JSON.parse(r.out) as { dpop: { thumbprint: string } }).dpop.thumbprint;
    expect(new URL(opened.at(-1)!).searchParams.get('dpop_jkt')).toBe(thumbprint);
    expect(r.err).toContain('bound to the DPoP key by dpop_jkt, RFC 9449 §10');
    expect(verdicts()).toContainEqual(expect.stringContaining(`bound to DPoP key ${thumbprint} (RFC 9449 §10)`));
    expect(verdicts().at(-1)).toContain('made with the DPoP key the code is bound to (RFC 9449 §10)');
  });

  it('--par: the push carries a proof for POST at the endpoint (no ath), which binds the code (§10.1)', async () => {
    const r = await flow(['--par']);
    expect(r.code, r.err).toBe(0);
    const thumbprint = (JSON.parse(r.out) as { dpop: { thumbprint: string } }).dpop.thumbprint;
    const push = /DPoP proof for POST http:\/\/127\.0\.0\.1:\d+\/oauth\/v2\/par:\n((?: {2}.*\n)+)/.exec(r.err);
    expect(push, r.err).not.toBeNull();
    expect(push![1]).toContain('htm');
    expect(push![1]).not.toMatch(/^ {2}ath/m);
    expect(verdicts()).toContainEqual(
      expect.stringContaining(`bound to DPoP key ${thumbprint} (the DPoP proof of this request, RFC 9449 §10.1)`)
    );
    expect(verdicts().at(-1)).toContain('made with the DPoP key the code is bound to (RFC 9449 §10)');
  });

  it('--par --dpop-mistake: the push proof is made right; the mistake goes in the token request, refused', async () => {
    const r = await flow(['--par', '--dpop-mistake', 'htm-wrong']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('expires_in 60 s');
    expect(r.err).toContain('failed at token');
    expect(r.err).toContain('htm-wrong');
  });

  it('--par: a nonce asked for at the push is followed once, as its own step (§8)', async () => {
    mock.context.settings.switches.dpopNonce = true;
    try {
      const r = await flow(['--par']);
      expect(r.code, r.err).toBe(0);
      expect(r.err).toContain(
        'The server asked for a DPoP nonce (use_dpop_nonce, RFC 9449 §8): the pushed authorization request again with it'
      );
      expect(r.err.match(/DPoP proof for POST http:\/\/127\.0\.0\.1:\d+\/oauth\/v2\/par:/g)).toHaveLength(2);
    } finally {
      mock.context.settings.switches.dpopNonce = false;
    }
  });
});
