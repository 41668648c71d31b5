import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminalSafe, terminalSafeOutput } from '../../../../host/cli/terminal-text';
import { runFlowCli } from '../flows/run-flow-cli';

// A hostile server writes raw bytes (Node's own HTTP server refuses control characters in a status reason).
const ESC = '\u001b';
const TITLE = `${ESC}]0;pwned\u0007`;
const CLEAR = `${ESC}[2J${ESC}[H`;
const FAKE = '\r\noauth-lab flow oauth1: Flow completed.';
const C1_CSI = '\u009b31m';
const RLO = '\u202egnp.exe';
const advice = `Try again${CLEAR}${FAKE}${C1_CSI}${RLO}`;
const body = Buffer.from(
  `oauth_problem=signature_invalid${encodeURIComponent(TITLE)}&oauth_problem_advice=${encodeURIComponent(advice)}`
);
const head = `HTTP/1.1 401 Unauthorized${TITLE}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;

let server: ReturnType<typeof createServer>;
let base = '';
beforeAll(async () => {
  server = createServer((socket: Socket) => {
    let seen = Buffer.alloc(0);
    socket.on('data', (d: Buffer) => {
      seen = Buffer.concat([seen, d]);
      const end = seen.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/content-length:\s*(\d+)/i.exec(seen.subarray(0, end).toString('latin1'))?.[1] ?? 0);
      if (seen.length >= end + 4 + length) socket.end(Buffer.concat([Buffer.from(head, 'latin1'), body]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('terminalSafe', () => {
  it('escapes ESC sequences, BEL, CR, LF, C1 controls and bidi overrides, and keeps ordinary text', () => {
    expect(terminalSafe(`a${TITLE}b`)).toBe('a\\e]0;pwned\\x07b');
    expect(terminalSafe('x\r\ny\tz\u0085\u009b\u202e\u2066\u200f')).toBe('x\\r\\ny\\tz\\x85\\x9b\\u202e\\u2066\\u200f');
    expect(terminalSafe('Ünïcødé – “quotes” 日本')).toBe('Ünïcødé – “quotes” 日本');
  });
  it('on every write: keeps JSON valid while escaping what JSON.stringify leaves raw, and keeps line breaks', () => {
    const value = { a: `${ESC}[2J\u009b\u202e\u007f` };
    const text = terminalSafeOutput(JSON.stringify(value, null, 2));
    expect(text).not.toMatch(CONTROLS);
    expect(text.split('\n')).toHaveLength(3);
    expect(JSON.parse(text)).toEqual(value);
    expect(terminalSafeOutput(`a${TITLE}\r\nb`)).toBe('a\\u001b]0;pwned\\u0007\\u000d\nb');
  });
});

describe('oauth-lab flow and a hostile server', () => {
  it("shows the server's status reason, oauth_problem and advice with every control character escaped", async () => {
    const r = await runFlowCli([
      'oauth1',
      '--base-url',
      base,
      '--consumer-key',
      'k',
      '--consumer-secret',
      's',
      '--no-open',
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(CONTROLS);
    expect(r.stderr).toContain('<- 401 Unauthorized\\e]0;pwned\\x07');
    expect(r.stderr).toContain(
      'failed at request token: No request token: HTTP 401, the provider says: signature_invalid\\e]0;pwned\\x07: Try again\\e[2J\\e[H oauth-lab flow oauth1: Flow completed.\\x9b31m\\u202egnp.exe.'
    );
    expect(r.stderr).toContain('FAIL status: HTTP 401 Unauthorized\\e]0;pwned\\x07; expected 200.');
    // The raw response follows the failure, line by line, escaped the same way.
    expect(r.stderr).toMatch(/The response \(secrets masked\):\n {3}\| HTTP\/1\.1 401 Unauthorized\\e\]0;pwned\\x07\n/);
  });
});
