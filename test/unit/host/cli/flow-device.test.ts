import { spawn } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlowFailure, FlowReport } from '../../../../host/cli/flow/report';
import { runDeviceFlow } from '../../../../host/cli/flow/run-machine';
import { NODE_EFFECTS } from '../../../../host/cli/flow/cli-host-port';
import { DEFAULT_CREDENTIALS, MockProvider } from '../../../../mock-provider';
import { machineCli, mockClientDeviceArgs } from './machine-cli';

// `oauth-lab flow device` (RFC 8628) against the mock over sockets: approved at verification_uri_complete (the
// mock's --auto-login), denied on the verification page, and (with the host's wait moving the mock's clock
// instead of the real one) slow_down and expired_token.
const { client } = DEFAULT_CREDENTIALS;
let approving: MockProvider;
let asking: MockProvider;
beforeAll(async () => {
  approving = new MockProvider({ autoLoginUser: 'demo' });
  asking = new MockProvider();
  await approving.start({ port: 0 });
  await asking.start({ port: 0 });
});
afterAll(async () => {
  await approving.stop();
  await asking.stop();
});

/** Runs a flow against a mock that asks for a 1 s polling interval (switch devicePollInterval) instead of 5 s. */
async function polledEverySecond<T>(mock: MockProvider, run: () => Promise<T>): Promise<T> {
  mock.context.settings.switches.devicePollInterval = 1;
  try {
    return await run();
  } finally {
    mock.context.settings.switches.devicePollInterval = 5;
  }
}

/** The user on the verification page without auto-login: types the code, logs in as demo, denies. */
async function deny(uri: string, userCode: string) {
  const page = await fetch(uri);
  const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())![1]!;
  const form = { csrf, user_code: userCode, username: 'demo', password: 'demo', decision: 'deny' };
  const r = await fetch(uri, { method: 'POST', body: new URLSearchParams(form) });
  expect(await r.text()).toContain('Device not connected');
}

describe('flow device', () => {
  it('prints verification_uri, user_code, verification_uri_complete each on a line, polls, and --json gives the token', async () => {
    const r = await polledEverySecond(approving, () =>
      machineCli(mockClientDeviceArgs(approving.baseUrl, '--json'), ({ complete }) => fetch(complete!))
    );
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(
      new RegExp(
        `^verification_uri: ${approving.baseUrl}/oidc/device\\nuser_code: ([A-Z]{4}-[A-Z]{4})\\nverification_uri_complete: ${approving.baseUrl}/oidc/device\\?user_code=\\1$`,
        'm'
      )
    );
    expect(r.err).toContain('== Poll the token endpoint every 1 s (RFC 8628 §3.4)');
    expect(JSON.parse(r.out)).toMatchObject({ token_type: 'bearer', scope: 'read' });
  }, 30_000);

  it('access_denied: the user said no on the verification page; exit 1 with what it means', async () => {
    const r = await polledEverySecond(asking, () =>
      machineCli(mockClientDeviceArgs(asking.baseUrl), ({ uri, userCode }) => deny(uri, userCode))
    );
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toContain(
      'oauth-lab flow device: failed at poll: access_denied: The user denied the request; polling stops.'
    );
  }, 30_000);
});

it('Ctrl-C while it waits to poll stops the polling: exit 130, saying what it cancelled', async () => {
  // The built CLI as a child process; nobody approves, so only SIGINT can end it before the code expires (600 s).
  const child = spawn(
    process.execPath,
    ['bin/oauth-lab.mjs', 'flow', ...mockClientDeviceArgs(asking.baseUrl), '--no-history'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    }
  );
  let stderr = '';
  child.stdout.resume();
  child.stderr.on('data', (d: Buffer) => {
    const before = stderr;
    stderr += d.toString();
    if (!before.includes('== Poll the token endpoint') && stderr.includes('== Poll the token endpoint'))
      child.kill('SIGINT');
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(code).toBe(130);
  expect(stderr).toContain('Ctrl-C: cancelled the polling (the next request was due in 5 s) before its answer came.');
  expect(stderr).not.toContain('-> POST ' + asking.baseUrl + '/oauth/v2/token');
}, 30_000);

describe('the polling leg, waiting through the host (the mock clock moves instead of the real one)', () => {
  const options = { open: false, waitTimeoutMs: 0, send: {}, stdin: new PassThrough(), recording: null };
  const config = (base: string) => ({
    baseUrl: base,
    tokenUrl: `${base}/oauth/v2/token`,
    deviceAuthorizationUrl: `${base}/oidc/device_authorization`,
    clientId: client.id,
    clientSecret: client.secret,
    authentication: 'body' as const,
    apiPath: '/api/v2/me',
    scope: 'read',
  });
  const reported = () => {
    const err = new PassThrough();
    let text = '';
    err.on('data', (d: Buffer) => (text += d.toString()));
    return { report: new FlowReport(err), text: () => text };
  };

  it('slow_down: the next wait is the interval plus 5 s (RFC 8628 §3.5), then the token', async () => {
    const waits: number[] = [];
    const { report, text } = reported();
    const sleep = async (ms: number) => {
      waits.push(ms);
      // The second wait ends early (a timer that fired too soon): the mock sees a poll 1 s after the last one.
      approving.clock.advance(waits.length === 2 ? 1 : ms / 1000);
      if (waits.length === 3) {
        const complete = /^verification_uri_complete: (\S+)$/m.exec(text())![1]!;
        await fetch(complete);
      }
    };
    const token = await runDeviceFlow(config(approving.baseUrl), options, report, null, { ...NODE_EFFECTS, sleep });
    expect(waits).toEqual([5000, 5000, 10_000]);
    expect(text()).toContain(
      'note slow_down: Polling too fast: the interval grows by 5 s for this and every later poll.'
    );
    expect(text()).toContain('Next poll in 10 s.');
    expect(token.accessToken).toEqual(expect.any(String));
  });

  it('expired_token: the code outlived its expires_in before anyone approved; the run fails at the poll', async () => {
    const { report, text } = reported();
    const sleep = async () => void asking.clock.advance(601);
    const failed = await runDeviceFlow(config(asking.baseUrl), options, report, null, { ...NODE_EFFECTS, sleep }).catch(
      (e: unknown) => e
    );
    expect(failed).toBeInstanceOf(FlowFailure);
    expect((failed as FlowFailure).step).toBe('poll');
    expect(text()).toContain('expired_token: The device code expired before the user approved; polling stops');
  });
});
