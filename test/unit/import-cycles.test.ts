import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

// No import circle in the source: a type both sides need sits in a file both import. Type-only imports
// count: a circle of types is still two files that cannot be read, moved or tested one without the other.
const root = resolve(import.meta.dirname, '../..');
const SOURCE_DIRS = ['shared', 'electron', 'host', 'mock-provider', 'renderer', 'platform'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Each file and the files it imports: `import`, `import type`, `export … from` and `import('…')`, relative only. */
function importGraph(base: string, dirs: readonly string[]): Map<string, string[]> {
  const files = dirs.flatMap((d) => sourceFiles(join(base, d)));
  const known = new Set(files);
  const resolveSpecifier = (from: string, specifier: string): string | undefined => {
    if (!specifier.startsWith('.')) return undefined;
    const target = resolve(dirname(from), specifier.replace(/\.js$/, ''));
    const candidates = [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts'), join(target, 'index.tsx')];
    return candidates.find((c) => known.has(c));
  };
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, 'utf8');
      const { importedFiles } = ts.preProcessFile(text, true, true);
      const targets = importedFiles.map((i) => resolveSpecifier(file, i.fileName));
      const globbed = globTargets(file, text, files);
      return [file, [...new Set([...targets.filter((t): t is string => t !== undefined), ...globbed])]];
    })
  );
}

/**
 * The files an `import.meta.glob(…)` of the file imports (Vite: the grant registries find their modules so): its
 * relative patterns, `*` within one folder, `!` excluding.
 */
function globTargets(file: string, text: string, files: readonly string[]): string[] {
  const calls = [...text.matchAll(/import\.meta\.glob(?:<[^>]*>)?\(\s*(\[[^\]]*\]|'[^']*')/g)];
  const patterns = calls.flatMap((call) => [...call[1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!));
  const toRegExp = (pattern: string) =>
    new RegExp(
      `^${resolve(dirname(file), pattern)
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '[^/]*')}$`
    );
  const included = patterns.filter((p) => !p.startsWith('!')).map(toRegExp);
  const excluded = patterns.filter((p) => p.startsWith('!')).map((p) => toRegExp(p.slice(1)));
  return files.filter((f) => f !== file && included.some((r) => r.test(f)) && !excluded.some((r) => r.test(f)));
}

/** One circle through each strongly connected group of files (Tarjan's algorithm), as "a → b → a". */
function importCycles(graph: ReadonlyMap<string, readonly string[]>, base: string): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group = stack.splice(stack.indexOf(file));
    if (group.length > 1 || graph.get(file)?.includes(file)) groups.push(group);
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return groups.map((group) =>
    circleThrough(group, graph)
      .map((f) => relative(base, f))
      .join(' → ')
  );
}

/** The shortest path from the group's first file back to itself, staying inside the group. */
function circleThrough(group: readonly string[], graph: ReadonlyMap<string, readonly string[]>): string[] {
  const start = group[0]!;
  const inGroup = new Set(group);
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (const file of queue) {
    for (const next of graph.get(file) ?? []) {
      if (next === start) {
        const between: string[] = [];
        for (let at = file; at !== start; at = cameFrom.get(at)!) between.unshift(at);
        return [start, ...between, start];
      }
      if (inGroup.has(next) && !cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return [...group, start];
}

describe('import cycles', () => {
  it('none in shared/, electron/, host/, mock-provider/, renderer/ and platform/', () => {
    const graph = importGraph(root, SOURCE_DIRS);
    expect(graph.size).toBeGreaterThan(100);
    expect(importCycles(graph, root)).toEqual([]);
  });

  describe('the check itself, on a tree written for it', () => {
    const tree = mkdtempSync(join(tmpdir(), 'oauth-lab-cycles-'));
    afterAll(() => rmSync(tree, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(tree, path)), { recursive: true });
      writeFileSync(join(tree, path), text);
    };
    write('src/errors.ts', "import type { StepId } from './trace/trace';\nexport type E = StepId;\n");
    write('src/trace/trace.ts', "import {\n  E,\n} from '../errors';\nexport type StepId = 'a';\n");
    write('src/state/index.ts', "export { run } from './run';\n");
    write('src/state/run.ts', "export const run = () => import('./index.js');\n");
    write('src/leaf.ts', "import { z } from 'zod';\nimport { run } from './state';\nexport const x = [z, run];\n");
    write('src/self.tsx', "import './self';\n");
    write('src/found/registry.ts', "const all = import.meta.glob(['./*.ts', '!./registry.ts'], { eager: true });\n");
    write('src/found/one.ts', "import type { Config } from '../config';\nexport const one = 1;\n");
    write('src/config.ts', "import { all } from './found/registry';\nexport type Config = typeof all;\n");

    it('finds circles through type-only, multi-line, re-export, index, dynamic and glob imports, and self-imports', () => {
      const cycles = importCycles(importGraph(tree, ['src']), tree).sort();
      expect(cycles).toEqual([
        'src/config.ts → src/found/registry.ts → src/found/one.ts → src/config.ts',
        'src/errors.ts → src/trace/trace.ts → src/errors.ts',
        'src/self.tsx → src/self.tsx',
        expect.stringMatching(/^src\/state\/(index|run)\.ts → src\/state\/(run|index)\.ts → src\/state\/\1\.ts$/),
      ]);
    });
  });
});
