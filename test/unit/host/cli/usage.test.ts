import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

describe('oauth-lab --help', () => {
  it('lists each command with a one-line summary that reads as a sentence', async () => {
    const { code, out } = await runCli(['--help']);
    expect(code).toBe(0);
    expect(out).toMatch(
      /^ {2}explain +Read a HAR file, find its OAuth 2 \/ OpenID Connect legs and name the cause of each one that failed$/m
    );
    // It once read "name why each failed one failed".
    for (const line of out.split('\n').filter((l) => /^ {2}\w/.test(l)))
      expect(line.match(/\bfailed\b/g)?.length ?? 0, line).toBeLessThan(2);
  });
});
