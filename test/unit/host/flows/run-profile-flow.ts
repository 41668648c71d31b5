import { PassThrough } from 'node:stream';
import type { Profile } from '../../../../shared/store/profile';
import { FlowFailure, FlowReport } from '../../../../host/cli/flow/report';
import { runOAuth1 } from '../../../../host/cli/flow/run-oauth1';
import { runOAuth2 } from '../../../../host/cli/flow/run-oauth2';

/**
 * Runs `oauth-lab flow`'s driver in-process with a profile, over real sockets, this test acting as the browser:
 * `browser` gets the authorization URL once it is printed (default: follow the redirects, to the catcher).
 */
export async function runProfileFlow(
  protocol: 'oauth1' | 'oauth2',
  profile: Profile,
  browser: (url: string) => Promise<unknown> = (url) => fetch(url, { redirect: 'follow' }),
  stdin = new PassThrough()
) {
  const err = new PassThrough();
  let stderr = '';
  let opened = false;
  err.on('data', (d: Buffer) => {
    stderr += d.toString();
    const url = /Open this URL to authorize:\n(\S+)\n/.exec(stderr)?.[1];
    if (url && !opened) {
      opened = true;
      void browser(url);
    }
  });
  const options = { open: false, waitTimeoutMs: 10_000, send: { env: {} }, stdin };
  try {
    const result =
      protocol === 'oauth1'
        ? await runOAuth1(profile, options, new FlowReport(err))
        : (await runOAuth2(profile, options, new FlowReport(err))).fields;
    return { ok: true as const, fields: result as Record<string, unknown>, stderr };
  } catch (e) {
    if (!(e instanceof FlowFailure)) throw e;
    return { ok: false as const, step: e.step, message: e.message, stderr };
  }
}
