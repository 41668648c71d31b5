import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The grant registries find their modules with Vite's import.meta.glob, so the scripts that run the mock or the
// driver from source outside Vitest and the builds (npm run bench, npm run screenshot) run through Vite's module
// runner. Run over a real child process: the entry sees the registries filled and its own arguments.
const ROOT = join(import.meta.dirname, '../../..');
const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/run-through-vite.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });

describe('scripts/run-through-vite.ts', () => {
  it('runs an entry with the grants its registries find by their modules, and the arguments after the entry', () => {
    const r = run('test/unit/scripts/fixtures/print-grant-types.ts', 'audit', '--x=1');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const printed = JSON.parse(r.stdout) as { grantTypes: string[]; commands: string[]; argv: string[] };
    expect(printed.grantTypes).toContain('urn:ietf:params:oauth:grant-type:token-exchange');
    expect(printed.commands).toContain('token-exchange');
    expect(printed.argv).toEqual(['audit', '--x=1']);
  });

  it('says how to use it when no entry is given', () => {
    const r = run();
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^Usage: tsx scripts\/run-through-vite\.ts <entry\.ts>/);
  });

  it('is how npm run bench and npm run screenshot start their TypeScript', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.bench).toMatch(/tsx scripts\/run-through-vite\.ts test\/bench\/run\.ts$/);
    expect(scripts.screenshot).toBe('tsx scripts/run-through-vite.ts scripts/readme-screenshot.ts');
  });
});
