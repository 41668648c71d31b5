import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The layer rule: shared imports nothing of ours and performs no effects; electron and renderer
// import shared, never each other; both may import platform/, adapters that run alike in Node and the browser.
// tsconfig keeps DOM and Node types out of shared; this keeps the imports out.
const root = resolve(import.meta.dirname, '../..');
function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}
const importsOf = (file: string) => [...readFileSync(join(root, file), 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((m) => m[1]!);
const target = (file: string, spec: string) => (spec.startsWith('.') ? relative(root, resolve(root, file, '..', spec)) : spec);

/** What platform/ may import besides shared/: packages that run alike in Node and in the browser. */
const PLATFORM_PACKAGES = new Set(['jose']);

describe('layers', () => {
  it('shared/ imports only shared/ and zod, and calls no clock, randomness, crypto or network', () => {
    for (const file of sources('shared')) {
      for (const spec of importsOf(file)) {
        const t = target(file, spec);
        expect(t === 'zod' || t.startsWith('shared/'), `${file} imports ${spec}`).toBe(true);
      }
      const text = readFileSync(join(root, file), 'utf8');
      expect(text, `${file} uses an ambient effect`).not.toMatch(/\bDate\.now\(|\bnew Date\(\)|Math\.random\(|crypto\.(?:subtle|getRandomValues|randomUUID)|\bfetch\(|\bprocess\.|\bperformance\./);
    }
  });
  it('renderer/ never imports electron/, and electron/ never imports renderer/', () => {
    for (const file of sources('renderer')) for (const spec of importsOf(file)) expect(target(file, spec).startsWith('electron/'), `${file} imports ${spec}`).toBe(false);
    for (const file of sources('electron')) for (const spec of importsOf(file)) expect(target(file, spec).startsWith('renderer/'), `${file} imports ${spec}`).toBe(false);
  });
  it('platform/ (adapters both sides share) imports only shared/ and its one package, never electron/ or renderer/', () => {
    const files = sources('platform');
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) for (const spec of importsOf(file)) expect(PLATFORM_PACKAGES.has(spec) || target(file, spec).startsWith('shared/'), `${file} imports ${spec}`).toBe(true);
    // Only electron/ and renderer/ use it (and tests); shared/ stays free of it (the first case above).
    const users = [...sources('electron'), ...sources('renderer')].filter((f) => importsOf(f).some((s) => target(f, s).startsWith('platform/')));
    expect(users.length).toBeGreaterThan(0);
  });
  it('the preload imports only electron, its own folder and the contract\'s names and channels (no zod, nothing else)', () => {
    for (const file of sources('electron/preload')) {
      for (const spec of importsOf(file)) {
        const t = target(file, spec);
        expect(t === 'electron' || t.startsWith('electron/preload/') || t === 'shared/bridge/names' || t === 'shared/bridge/channels' || t === 'shared/bridge/api', `${file} imports ${spec}`).toBe(true);
      }
    }
  });
});
