import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');
const read = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));

interface LockedPackage {
  readonly os?: readonly string[];
  readonly cpu?: readonly string[];
  readonly optional?: boolean;
  readonly bin?: Record<string, string>;
}

describe('npm install works wherever the engines field says it does', () => {
  const locked = Object.entries(read('package-lock.json').packages as Record<string, LockedPackage>).filter(
    ([path]) => path !== ''
  );

  it('no package tied to an OS or CPU is required: npm refuses those on other platforms, even with --omit=dev', () => {
    const tied = locked.filter(([, p]) => (p.os || p.cpu) && !p.optional).map(([path]) => path);
    expect(tied).toEqual([]);
  });

  it('no package installs a `node` binary, which npm scripts would run instead of the Node the user has', () => {
    const nodes = locked.filter(([, p]) => p.bin && 'node' in p.bin).map(([path]) => path);
    expect(nodes).toEqual([]);
  });
});
