import { PassThrough } from 'node:stream';
import { main } from '../../../../host/cli/main';

/** Plays the user's browser (and, for a redirect the catcher cannot receive, the user pasting into stdin). */
export type Browser = (url: string, stdin: PassThrough) => Promise<unknown>;
export const follow: Browser = (url) => fetch(url, { redirect: 'follow' });
/** The user approves, the provider redirects somewhere the catcher is not, and the user pastes that address. */
export const pasteLanded: Browser = async (url, stdin) => {
  const r = await fetch(url, { redirect: 'manual' });
  stdin.write(`${r.headers.get('location')}\n`);
};

/**
 * Runs `oauth-lab flow …` in-process over real sockets: when the authorization URL appears on stderr, `browser` is
 * called with it once. stdin stays open, as a terminal's does. The redirect is waited for 10 s unless `args` say.
 */
export async function flowInProcess(args: string[], browser: Browser = follow, env: NodeJS.ProcessEnv = {}) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  let opened = false;
  stdout.on('data', (d: Buffer) => (out += d.toString()));
  stderr.on('data', (d: Buffer) => {
    err += d.toString();
    const url = /Open this URL to authorize:\n(\S+)\n/.exec(err)?.[1];
    if (url && !opened) {
      opened = true;
      void browser(url, stdin);
    }
  });
  const wait = args.some((a) => a.startsWith('--wait-timeout')) ? [] : ['--wait-timeout', '10'];
  const code = await main(['flow', ...args, '--no-open', ...wait], { stdin, stdout, stderr, env });
  return { code, out, err };
}
