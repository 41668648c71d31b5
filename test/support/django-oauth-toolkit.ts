import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/**
 * Django OAuth Toolkit (1.7.0, Debian's python3-django-oauth-toolkit, a server nobody here wrote) as a small Django
 * project written at run time into a temp folder (test/interop/dot_project/: settings, urls with oauth2_provider's
 * own, its database migrated there, the user "demo" logged in on every request, the applications given created
 * skipping consent), served on 127.0.0.1 and a free port by Django's threaded WSGI server. `close` stops it and
 * removes the folder.
 */
export interface RunningDjangoOauthToolkit {
  readonly issuer: string;
  close(): Promise<void>;
}

/** An oauth2_provider Application's fields (client_type "confidential" or "public", redirect_uris space-separated). */
export interface DotApplication {
  readonly client_id: string;
  readonly client_secret: string;
  readonly client_type: 'confidential' | 'public';
  readonly authorization_grant_type: 'authorization-code';
  readonly redirect_uris: string;
  readonly algorithm: 'RS256';
}

const PROJECT = join(__dirname, '..', 'interop', 'dot_project');

export async function startDjangoOauthToolkit(apps: readonly DotApplication[]): Promise<RunningDjangoOauthToolkit> {
  const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-dot-'));
  try {
    cpSync(PROJECT, dir, { recursive: true, filter: (src) => !src.includes('__pycache__') });
    const server = spawn('/usr/bin/python3', [join(dir, 'serve.py'), JSON.stringify(apps)], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
    });
    let log = '';
    server.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    const exited = once(server, 'exit').then(([code]) => {
      throw new Error(`Django OAuth Toolkit exited (${String(code)}) before listening:\n${log}`);
    });
    // Only the race below reads it: once it listens, its exit at close is no error.
    exited.catch(() => undefined);
    const listening = once(createInterface({ input: server.stdout! }), 'line').then(
      ([line]) => (JSON.parse(line as string) as { port: number }).port
    );
    let port: number;
    try {
      port = await Promise.race([listening, exited]);
    } catch (e) {
      server.kill();
      throw e;
    }
    return {
      issuer: `http://127.0.0.1:${port}`,
      async close() {
        if (server.exitCode === null && server.signalCode === null) {
          const gone = once(server, 'exit');
          server.kill();
          await gone;
        }
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}
