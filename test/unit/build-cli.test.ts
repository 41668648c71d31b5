import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');
const OUT = join(ROOT, 'out/cli');

/** What a CLI starting now would miss: out/cli/main.js, or a chunk it names; null when the build is whole. */
function missingFromTheBuild(): string | null {
  let entry: string;
  try {
    entry = readFileSync(join(OUT, 'main.js'), 'utf8');
  } catch {
    return 'main.js';
  }
  for (const [, chunk] of entry.matchAll(/["'`]\.\/(chunks\/[^"'`]+\.js)["'`]/g))
    if (!existsSync(join(OUT, chunk!))) return chunk!;
  return null;
}

const run = (command: string, args: readonly string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    execFile(command, args, { cwd: ROOT }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error.code as number | undefined) ?? 1) : 0, stdout, stderr })
    )
  );

describe('npm run build:cli while the CLI starts (two `npm run oauth-lab -- …` started together)', () => {
  it('a CLI started during a build finds out/cli/ whole: the build never empties it, and every start succeeds', async () => {
    const build = spawn('npm', ['run', '--silent', 'build:cli'], { cwd: ROOT, stdio: 'inherit' });
    const built = new Promise<number | null>((resolve) => build.on('exit', resolve));
    let building = true;
    void built.then(() => (building = false));
    const missed = new Set<string>();
    const starts: Promise<{ code: number; stdout: string; stderr: string }>[] = [];
    let cliRunning = false;
    while (building) {
      const missing = missingFromTheBuild();
      if (missing) missed.add(missing);
      // One CLI start at a time, back to back, for as long as the build runs.
      if (!cliRunning) {
        cliRunning = true;
        starts.push(run(process.execPath, ['bin/oauth-lab.mjs', '--help']).finally(() => (cliRunning = false)));
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await built).toBe(0);
    expect([...missed]).toEqual([]);
    for (const start of await Promise.all(starts)) {
      expect(start.stderr).toBe('');
      expect(start.code).toBe(0);
      expect(start.stdout).toContain('Usage: oauth-lab <command>');
    }
  }, 120_000);

  it('two `npm run oauth-lab -- --help` started together both print the usage', async () => {
    const both = await Promise.all([1, 2].map(() => run('npm', ['run', '--silent', 'oauth-lab', '--', '--help'])));
    for (const r of both) {
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('Usage: oauth-lab <command>');
    }
    expect(missingFromTheBuild()).toBeNull();
  }, 120_000);
});
