import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../../../..');
// A module resolve hook that names every module Node loads, on stderr (Node's customization hooks, node:module).
const RECORD_LOADS = `data:text/javascript,import{register}from"node:module";register("data:text/javascript,export async function resolve(s,c,n){const r=await n(s,c);console.error('loaded '+r.url);return r}")`;

/** The modules `node bin/oauth-lab.mjs ...args` loads, as paths relative to the package root. */
function modulesLoadedBy(args: readonly string[]): { status: number | null; stdout: string; loaded: string[] } {
  const run = spawnSync(process.execPath, ['--import', RECORD_LOADS, 'bin/oauth-lab.mjs', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const loaded = [...run.stderr.matchAll(/^loaded (\S+)$/gm)]
    .map((m) => m[1]!)
    .filter((url) => url.startsWith('file:'))
    .map((url) => new URL(url).pathname.slice(ROOT.length + 1));
  return { status: run.status, stdout: run.stdout, loaded };
}

describe('oauth-lab starts from its build and loads a command only when it runs', () => {
  it('runs the built JavaScript: no TypeScript compiler, no source file', () => {
    const { status, stdout, loaded } = modulesLoadedBy(['--help']);
    expect(status).toBe(0);
    expect(stdout).toContain('Usage: oauth-lab <command>');
    expect(loaded).toEqual(['bin/oauth-lab.mjs', 'out/cli/main.js']);
  });

  it.each(['mock', 'flow', 'web', 'sign', 'call', 'discover', 'debug', 'explain', 'grade'])(
    '`oauth-lab %s --help` loads its help, not the command',
    (command) => {
      const { status, stdout, loaded } = modulesLoadedBy([command, '--help']);
      expect(status).toBe(0);
      expect(stdout).toContain(`Usage: oauth-lab ${command}`);
      expect(loaded.filter((path) => !path.startsWith('out/cli/') && path !== 'bin/oauth-lab.mjs')).toEqual([]);
      expect(loaded).toContainEqual(expect.stringMatching(new RegExp(`^out/cli/chunks/help-${command}-`)));
      expect(loaded).not.toContainEqual(expect.stringMatching(new RegExp(`^out/cli/chunks/${command}-`)));
    }
  );
});
