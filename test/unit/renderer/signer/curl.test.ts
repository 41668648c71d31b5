import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlCommand, shellQuote } from '../../../../renderer/features/signer/curl';

describe('curl formatter', () => {
  it('single-quotes so the shell passes every character through', () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    for (const s of ["it's", '$(rm -rf /) `x` "q" \\ \n ! * ~', "''", '']) {
      expect(execFileSync('sh', ['-c', `printf %s ${shellQuote(s)}`], { encoding: 'utf8' })).toBe(s);
    }
  });

  it('sends the method, URL, headers and the body byte for byte', () => {
    const cmd = curlCommand({ method: 'POST', url: 'http://h/p?a=[1]', headers: [['Authorization', 'OAuth oauth_nonce="n\'1"'], ['Content-Type', 'application/json']], body: '{"a":"b c"}' });
    expect(cmd).toBe(
      [`curl --globoff --request 'POST' 'http://h/p?a=[1]'`, `--header 'Authorization: OAuth oauth_nonce="n'\\''1"'`, `--header 'Content-Type: application/json'`, `--data-raw '{"a":"b c"}'`].join(' \\\n  '),
    );
    expect(curlCommand({ method: 'GET', url: 'http://h/', headers: [] })).toBe(`curl --globoff --request 'GET' 'http://h/'`);
  });
});
