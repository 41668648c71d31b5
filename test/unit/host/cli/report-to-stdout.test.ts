import { spawn } from 'node:child_process';
import { lstatSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MockProvider } from '../../../../mock-provider';
import { codeFlow, harOf } from '../../shared/explain/har-builder';
import { scratchDir } from '../../../support/scratch-dir';

/**
 * `--report /dev/stdout` as a user types it: the built CLI (bin/oauth-lab.mjs over out/cli/) with its stdout a
 * pipe. The page is written through the alias to the pipe (no temporary file renamed over /dev/stdout), and the
 * command's own text follows it.
 */
function runBuilt(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['bin/oauth-lab.mjs', ...args]);
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err })));
}

const stdoutAliasIntact = () => expect(lstatSync('/dev/stdout').isSymbolicLink()).toBe(true);

let mock: MockProvider;
beforeAll(async () => {
  mock = new MockProvider();
  await mock.start({ port: 0 });
});
afterAll(() => mock.stop());

describe('--report /dev/stdout', () => {
  it('explain prints the page, then its text, and writes no JSON twin beside /dev/stdout', async () => {
    const dir = scratchDir('report-stdout-');
    const har = join(dir, 'session.har');
    writeFileSync(har, harOf(codeFlow('abc', { status: 400, response: '{"error":"invalid_grant"}' })));
    const r = await runBuilt(['explain', har, '--report', '/dev/stdout']);
    expect(r.err).toBe('Report written to /dev/stdout (no JSON twin: the target is not a regular file).\n');
    expect(r.code).toBe(0);
    expect(r.out.startsWith('<!doctype html>')).toBe(true);
    const text = r.out.slice(r.out.indexOf('</html>'));
    expect(text).toContain(`${har}: `);
    expect(text).toContain('OAuth legs.');
    expect(readdirSync(dir)).toEqual(['session.har']);
    stdoutAliasIntact();
  });

  it('audit prints the page, then its findings', async () => {
    const r = await runBuilt(['audit', mock.baseUrl, '--report', '/dev/stdout']);
    expect(r.err).toBe('');
    expect([0, 1]).toContain(r.code);
    expect(r.out.startsWith('<!doctype html>')).toBe(true);
    expect(r.out.slice(r.out.indexOf('</html>'))).toMatch(
      /\n\d+ found, \d+ not found or skipped; \d+ requests sent\.\n$/
    );
    stdoutAliasIntact();
  });
});
