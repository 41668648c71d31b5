import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// Page state and bridge calls live in store factories (renderer/app/page-store.ts and renderer/state/):
// components, and the React hooks beside them, get state and actions from a store and never reach the bridge.
const root = resolve(import.meta.dirname, '../../..');

/** Components (.tsx) and React hooks (use-*.ts, or .ts importing react) under the given folders of `base`. */
function componentsUnder(base: string, dirs: readonly string[]): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(join(base, dir), { withFileTypes: true, recursive: true })
      .filter(
        (e) =>
          e.isFile() &&
          (e.name.endsWith('.tsx') ||
            (e.name.endsWith('.ts') &&
              (e.name.startsWith('use-') || /from 'react'/.test(readFileSync(join(e.parentPath, e.name), 'utf8')))))
      )
      .map((e) => relative(base, join(e.parentPath, e.name)))
  );
}

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

/** How a file reaches the bridge: an import of the bridge itself, or a use of a `bridge` value. */
function bridgeUses(file: string, text: string): string[] {
  const found: string[] = [];
  // A page store's definition (pageStore(factory)) is where a store factory receives the bridge: not a component.
  if (/\bpageStore\(/.test(text)) return found;
  for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
    const target = spec!.startsWith('.') ? relative(root, resolve(root, file, '..', spec!)) : spec!;
    if (/^renderer\/bridge(\/|$)/.test(target) || target === 'shared/bridge/api') found.push(`imports ${spec}`);
  }
  const code = withoutComments(text);
  for (const m of code.matchAll(/\bbridge\s*(?:\?\.|\.|\[)|\.bridge\b|[{,]\s*bridge\s*[,}:]/g))
    found.push(`uses the bridge: "${m[0]}"`);
  return found;
}

function violations(base: string, dirs: readonly string[]): string[] {
  return componentsUnder(base, dirs).flatMap((file) =>
    bridgeUses(file, readFileSync(join(base, file), 'utf8')).map((v) => `${file} ${v}`)
  );
}

describe('components reach the bridge only through stores', () => {
  it('no component or hook under renderer/features, renderer/components or renderer/platform imports the bridge or calls it', () => {
    const files = componentsUnder(root, ['renderer/features', 'renderer/components', 'renderer/platform']);
    expect(files.length).toBeGreaterThan(50);
    expect(files).toContain('renderer/features/flow/use-mock-token.ts');
    expect(files).toContain('renderer/platform/use-save-text.ts');
    expect(violations(root, ['renderer/features', 'renderer/components', 'renderer/platform'])).toEqual([]);
  });

  const scratch = mkdtempSync(join(tmpdir(), 'components-use-stores-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('reports a component that calls the bridge, however it gets hold of it', () => {
    mkdirSync(join(scratch, 'renderer/features/demo'), { recursive: true });
    const write = (name: string, text: string) => writeFileSync(join(scratch, 'renderer/features/demo', name), text);
    write(
      'Destructured.tsx',
      "import { useDeps } from '../../app/stores';\nexport function A() {\n  const { bridge } = useDeps();\n  void bridge.mockState();\n  return null;\n}\n"
    );
    write(
      'Through.tsx',
      "import { useDeps } from '../../app/stores';\nexport function B() {\n  const deps = useDeps();\n  void deps.bridge.tokensList({ profileId: 'x' });\n  return null;\n}\n"
    );
    write(
      'use-hook.ts',
      "import { useEffect } from 'react';\nimport type { BridgeApi } from '../../../shared/bridge/api';\nexport const useHook = (b: BridgeApi) => useEffect(() => void b.mockState(), [b]);\n"
    );
    write(
      'Clean.tsx',
      "import type { MethodOutput } from '../../../shared/bridge/contract';\n// The bridge. answers are read by the store.\nexport const C = (p: { v: MethodOutput<'mockState'> }) => p.v.state.now;\n"
    );
    write(
      'not-a-hook.ts',
      'export const createX = ({ bridge }: { bridge: { mockState(): void } }) => bridge.mockState();\n'
    );
    expect(violations(scratch, ['renderer/features'])).toEqual([
      'renderer/features/demo/Destructured.tsx uses the bridge: "{ bridge }"',
      'renderer/features/demo/Destructured.tsx uses the bridge: "bridge."',
      'renderer/features/demo/Through.tsx uses the bridge: ".bridge"',
      'renderer/features/demo/use-hook.ts imports ../../../shared/bridge/api',
    ]);
  });
});
