import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The 80-lines-per-function and 300-lines-per-file limits live in eslint.config.js; `npm run lint` holds the tree to
// them. These lint made-up files as if they were in each folder, with the configuration reduced to those two rules.
const root = resolve(import.meta.dirname, '../..');
const RULES = new Set(['max-lines', 'max-lines-per-function']);
const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => RULES.has(ruleId) });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, file) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

/** A function of `lines` statements, each on a line of its own, between blank lines and comments that do not count. */
const fn = (lines: number) =>
  `export function probe(): number {\n  let n = 0;\n${Array.from({ length: lines - 4 }, (_, i) => `\n  // step ${i}\n  n += ${i};`).join('\n')}\n  return n;\n}\n`;
/** A file of `lines` exported constants. */
const file = (lines: number) => Array.from({ length: lines }, (_, i) => `export const c${i} = ${i};`).join('\n');

const SOURCE_FOLDERS = ['shared', 'host', 'mock-provider', 'renderer', 'electron', 'platform', 'scripts'];

describe('the size limits', () => {
  it.each(SOURCE_FOLDERS)(
    '%s/: a function of 81 lines is refused, of 80 not; comments and blank lines do not count',
    async (folder) => {
      expect(await problems(`${folder}/probe.ts`, fn(81))).toEqual(['max-lines-per-function']);
      expect(await problems(`${folder}/probe.ts`, fn(80))).toEqual([]);
    }
  );

  it.each(SOURCE_FOLDERS)('%s/: a file of 301 lines is refused, of 300 not', async (folder) => {
    expect(await problems(`${folder}/probe.ts`, file(301))).toEqual(['max-lines']);
    expect(await problems(`${folder}/probe.ts`, `// a comment\n\n${file(300)}`)).toEqual([]);
  });

  it('test/: a describe callback of any length is a list of cases, not a function to split', async () => {
    expect(await problems('test/unit/probe.test.ts', fn(81))).toEqual([]);
  });
});
