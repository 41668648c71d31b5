import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, onTestFinished } from 'vitest';

/**
 * A fresh directory in the temporary directory, removed also when the test fails: made inside a test, when that test
 * ends; made in a file's or a describe's body, after its tests. (run-tmpdir.ts fails the run on anything left.)
 */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    onTestFinished(remove);
  } catch {
    // Not inside a test: onTestFinished throws, and afterAll belongs to the file or describe being collected.
    afterAll(remove);
  }
  return dir;
}
