import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');

/** `oauth-lab mock --port 0 ...` as a child process: resolves with its base URL and a stop function. */
export async function spawnMock(
  args: readonly string[] = ['--auto-login', 'demo']
): Promise<{ base: string; stop: () => Promise<void> }> {
  const mock = spawn(process.execPath, [join(ROOT, 'bin/oauth-lab.mjs'), 'mock', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(
      () => reject(new Error(`oauth-lab mock did not print its URL in time. stderr: ${err}`)),
      15_000
    );
    mock.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve(line!.trim());
      }
    });
    mock.stderr.on('data', (c: Buffer) => (err += c.toString()));
    mock.on('exit', (code) => reject(new Error(`oauth-lab mock exited with ${code}: ${err}`)));
  });
  const stop = async () => {
    if (mock.exitCode !== null) return;
    const exited = new Promise((r) => mock.once('exit', r));
    mock.kill('SIGTERM');
    await exited;
  };
  return { base, stop };
}
