import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeFlow, harOf } from '../../shared/explain/har-builder';
import { runCli } from './run-cli';
import { scratchDir } from '../../../support/scratch-dir';

const dir = scratchDir('explain-cli-');
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('oauth-lab explain FILE: reading', () => {
  it('exit 2 for a file that is not JSON, naming where it stopped being readable', async () => {
    const r = await runCli(['explain', file('bad.har', '{"log": {"entries": [}\n')]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/not JSON: it stops being readable at character 21 \(line 1, column 22\)/);
  });

  it('exit 2 for a truncated file', async () => {
    const whole = harOf(codeFlow('abc', { status: 200, response: '{}' }));
    const r = await runCli(['explain', file('cut.har', whole.slice(0, whole.length / 2))]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('not JSON');
  });

  it('exit 2 for JSON that is not HAR, naming the HAR path', async () => {
    const r = await runCli(['explain', file('shape.har', '{"log": {"entries": [{"request": {"method": "GET"}}]}}')]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('not HAR 1.2: log.entries[0].startedDateTime:');
    expect(r.err).toContain('log.entries[0].request.url:');
  });

  it('exit 2 for a missing file or a bad flag, 0 with no OAuth leg', async () => {
    expect((await runCli(['explain', join(dir, 'none.har')])).code).toBe(2);
    const empty = file('empty.har', '{"log": {"version": "1.2", "entries": []}}');
    expect((await runCli(['explain', empty, '--code-lifetime', 'soon'])).err).toContain(
      '--code-lifetime takes the lifetime in seconds'
    );
    const r = await runCli(['explain', empty, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ legs: [], causes: [] });
  });

  it("prints the legs and each failed leg's causes; server text cannot drive the terminal", async () => {
    const evil = JSON.stringify({
      error: 'invalid_grant',
      error_description: 'AADSTS54005: \u001b]0;pwned\u0007 redeemed\nfake line',
    });
    const r = await runCli(['explain', file('text.har', harOf(codeFlow('abc', { status: 400, response: evil })))]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('leg 0  authorization');
    expect(r.out).toContain('FAILED');
    expect(r.out).toContain('Leg 1 (token) failed; causes, most likely first:\n  1. code_reused (RFC 6749 §4.1.2)');
    expect(r.out).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    expect(r.out).not.toContain('\nfake line');
  });

  it('--help and the command list', async () => {
    expect((await runCli(['explain', '--help'])).out).toContain(
      'oauth-lab explain FILE [--json] [--report OUT.html] [--code-lifetime S]'
    );
    expect((await runCli(['--help'])).out).toMatch(/explain +Read a HAR file/);
  });
});

it('the report file is written where --report says, with its JSON', async () => {
  const out = join(dir, 'r.html');
  const r = await runCli([
    'explain',
    file('ok.har', harOf(codeFlow('abc', { status: 200, response: '{"access_token":"x"}' }))),
    '--report',
    out,
  ]);
  expect(r.code).toBe(0);
  expect(readFileSync(out, 'utf8')).toContain('No leg failed');
  expect(JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')).causes).toEqual([]);
});
