import { spawn } from 'node:child_process';

/**
 * Runs `oauth-lab flow oauth2 …` as a child process (bin/oauth-lab.mjs) and follows the authorization URL it prints,
 * as a browser would with a provider that logs the user in at once (the mock's autoLoginUser).
 */
export function runFlow(args: string[]) {
  const child = spawn(process.execPath, ['bin/oauth-lab.mjs', 'flow', 'oauth2', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let opened = false;
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => {
    stderr += d;
    const url = /^(http:\/\/\S+\/authorize\?\S+)$/m.exec(stderr)?.[1];
    if (url && !opened) {
      opened = true;
      void fetch(url, { redirect: 'follow' });
    }
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  );
}
