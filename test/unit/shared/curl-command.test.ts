import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { curlCommand, shellQuote } from '../../../shared/curl-command';
import { parseCurlCommand } from '../../../shared/oauth1/debug/curl';

describe('curl formatter', () => {
  it('single-quotes so the shell passes every character through', () => {
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
    for (const s of [
      "it's",
      '$(rm -rf /) `x` "q" \\ \n ! * ~',
      "''",
      '',
      '~',
      'a=b',
      'http://h/p?a=1&b=[2]',
      '*',
      '#x',
      'a b',
    ]) {
      expect(execFileSync('sh', ['-c', `printf %s ${shellQuote(s)}`], { encoding: 'utf8' })).toBe(s);
    }
  });

  it('sends the method, URL, headers and the body byte for byte', () => {
    const cmd = curlCommand({
      method: 'POST',
      url: 'http://h/p?a=[1]',
      headers: [
        ['Authorization', 'OAuth oauth_nonce="n\'1"'],
        ['Content-Type', 'application/json'],
      ],
      body: '{"a":"b c"}',
    });
    expect(cmd).toBe(
      [
        `curl --globoff --request POST 'http://h/p?a=[1]'`,
        `--header 'Authorization: OAuth oauth_nonce="n'\\''1"'`,
        `--header 'Content-Type: application/json'`,
        `--data-raw '{"a":"b c"}'`,
      ].join(' \\\n  ')
    );
    expect(curlCommand({ method: 'GET', url: 'http://h/', headers: [] })).toBe(
      `curl --globoff --request GET http://h/`
    );
  });

  it('oneLine: the same words joined by spaces, for a command inside one line of text', () => {
    const r = { method: 'POST', url: 'http://h/t', headers: [['Accept', 'a b']] as [string, string][], body: 'x=1\n2' };
    expect(curlCommand(r, true)).toBe(
      `curl --globoff --request POST http://h/t --header 'Accept: a b' --data-raw 'x=1\n2'`
    );
    expect(
      execFileSync('sh', ['-c', `printf '%s|' ${curlCommand(r, true).slice('curl '.length)}`], { encoding: 'utf8' })
    ).toBe('--globoff|--request|POST|http://h/t|--header|Accept: a b|--data-raw|x=1\n2|');
  });
});

describe("curl formatter and the debugger's curl reader", () => {
  it('read back, every generated command is the request it was made from', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 20 }).filter((s) => !s.includes('\0'));
    const request = fc.record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
      url: fc.constantFrom('http://127.0.0.1:8080/a', 'https://api.example.com/p?a=[1]&b={2}', "https://h/it's?x=1+2"),
      headers: fc.array(
        fc
          .tuple(
            fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,10}$/),
            text.map((v) => v.replace(/[\r\n]/g, ' ').trim())
          )
          .filter(([, v]) => v !== ''),
        { maxLength: 3 }
      ),
      body: fc.option(
        text.filter((s) => s !== '' && !s.startsWith('@')),
        { nil: undefined }
      ),
    });
    fc.assert(
      // curl adds a Content-Type to a body sent without one (curl(1) --data), so these bodies carry their own.
      fc.property(request, (drawn) => {
        const r =
          drawn.body === undefined
            ? drawn
            : {
                ...drawn,
                headers: [
                  ...drawn.headers.filter(([n]) => n.toLowerCase() !== 'content-type'),
                  ['Content-Type', 'text/plain'] as [string, string],
                ],
              };
        const read = parseCurlCommand(curlCommand(r));
        expect(read.method).toBe(r.method);
        expect(read.url).toBe(r.url);
        expect(read.headers).toEqual(r.headers);
        expect(read.body).toBe(r.body);
      })
    );
  });
});
