import { PassThrough } from 'node:stream';
import { main } from '../../host/cli/main';

/**
 * `oauth-lab flow …` in this process, as a user runs it: when the authorization URL appears on stderr (the line
 * after "Open this URL to authorize:"), `browse` plays the user's browser with it, once.
 */
export async function runFlowInProcess(
  args: readonly string[],
  browse: (url: string) => Promise<unknown>
): Promise<{ code: number; out: string; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  let browsed = false;
  stdout.on('data', (d) => (out += d));
  stderr.on('data', (d) => {
    err += d;
    const url = /^Open this URL to authorize:\n(https?:\/\/\S+)$/m.exec(err)?.[1];
    if (url && !browsed) {
      browsed = true;
      void browse(url);
    }
  });
  const code = await main(['flow', ...args], { stdout, stderr, stdin: new PassThrough(), env: {} });
  return { code, out, err };
}
