import { spawn } from 'node:child_process';

/**
 * Runs `oauth-lab mcp …` as a user does: the real binary over real sockets. Each authorization URL printed on
 * stderr (the line after "Open this URL to authorize:") is fetched once, following redirects, as a browser would
 * at a server that approves without a page (the mock's auto-login); the redirect lands at the CLI's catcher.
 * Tokens and history go to `storeDir` when given; without it nothing is kept (--no-save --no-history), so a test
 * never writes the user's own store. `env` replaces the environment the CLI sees (an HTTP_PROXY, say); `browse`: another
 * browser, for a test that tampers with the redirect.
 */
export function runMcpCli(
  args: readonly string[],
  storeDir?: string,
  env: NodeJS.ProcessEnv = process.env,
  browse: (url: string) => Promise<unknown> = (url) => fetch(url, { redirect: 'follow' })
) {
  const keep = storeDir === undefined ? ['--no-save', '--no-history'] : ['--store-dir', storeDir];
  const child = spawn(process.execPath, ['bin/oauth-lab.mjs', 'mcp', ...args, ...keep], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env,
  });
  let stdout = '';
  let stderr = '';
  const opened: string[] = [];
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => {
    stderr += d;
    for (const m of stderr.matchAll(/^Open this URL to authorize:\n(https?:\/\/\S+)$/gm))
      if (!opened.includes(m[1]!)) {
        opened.push(m[1]!);
        void browse(m[1]!).catch(() => undefined);
      }
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string; opened: string[] }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr, opened }))
  );
}
