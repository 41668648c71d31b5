import { validateHar } from 'har-validator-compiled';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli';
import { exportRequest, targetsFor } from '../../../../host/export';
import { toSignatureInput } from '../../../../host/cli/sign-request';
import { APP_VERSION } from '../../../../shared/version';

const run = (argv: string[]) => runCli(['sign', ...argv]);

const request = [
  '--method',
  'POST',
  '--url',
  'http://127.0.0.1:9/api/v1/me?fields=name',
  '--form',
  'status=Hello + ☃',
  '--consumer-key',
  'ck',
  '--consumer-secret',
  'cs-secret-1',
  '--token',
  'tk',
  '--token-secret',
  'ts-secret-2',
  '--nonce',
  'abc',
  '--timestamp',
  '1700000000',
];

describe('oauth-lab sign --format <export target>', () => {
  it.each(targetsFor('oauth1').map((t) => t.id))('%s prints the export, without the secrets', async (target) => {
    const { code, out, err } = await run([...request, '--format', target]);
    expect(code, err).toBe(0);
    expect(out.length).toBeGreaterThan(50);
    expect(out.endsWith('\n')).toBe(true);
    expect(out).not.toContain('cs-secret-1');
    expect(out).not.toContain('ts-secret-2');
  });
  it.each(targetsFor('oauth1').map((t) => t.id))(
    '%s is written byte for byte: an export is data, not terminal text (CRLFs, tabs)',
    async (target) => {
      const { code, out, err } = await run([...request, '--format', target]);
      expect(code, err).toBe(0);
      const text = exportRequest({
        target,
        source: {
          kind: 'oauth1',
          signing: toSignatureInput(
            {
              method: 'POST',
              url: 'http://127.0.0.1:9/api/v1/me?fields=name',
              form: [['status', 'Hello + ☃']],
              consumerKey: 'ck',
              consumerSecret: 'cs-secret-1',
              token: 'tk',
              tokenSecret: 'ts-secret-2',
              nonce: 'abc',
              timestamp: '1700000000',
            },
            { nonce: () => 'unused', timestamp: () => 'unused' }
          ),
        },
        appVersion: APP_VERSION,
      }).text;
      // HAR records when it was written; everything else is the same bytes.
      const undated = (t: string) => t.replace(/"startedDateTime": "[^"]*"/g, '"startedDateTime": ""');
      expect(undated(out)).toBe(undated(text.endsWith('\n') ? text : `${text}\n`));
    }
  );
  it('raw-http ends each line with CRLF and go indents with tabs, as written by the CLI', async () => {
    const raw = await run([...request, '--format', 'raw-http']);
    expect(raw.out).toMatch(/^POST \/api\/v1\/me\?fields=name HTTP\/1\.1\r\nHost: 127\.0\.0\.1:9\r\n/);
    expect(raw.out).not.toContain('\\u000d');
    const go = await run([...request, '--format', 'go']);
    expect(go.out).toMatch(/\n\turl := "http:\/\/127\.0\.0\.1:9\/api\/v1\/me\?fields=name"\n/);
    expect(go.out).not.toContain('\\u0009');
  });
  it('snapshots are single-use (said in the code and on stderr); signing code lists its placeholders on stderr', async () => {
    const snap = await run([...request, '--format', 'python-requests']);
    expect(snap.out).toMatch(
      /^# Single use: this OAuth 1\.0a request is signed with oauth_nonce "abc" and oauth_timestamp 1700000000/
    );
    expect(snap.err).toMatch(/^oauth-lab sign: note: Single use: /);
    const code = await run([...request, '--format', 'node-oauth1']);
    expect(code.out).toContain('const consumerSecret = "YOUR_CONSUMER_SECRET";');
    expect(code.err).toBe(
      'oauth-lab sign: note: Secrets are left out; fill in YOUR_CONSUMER_SECRET, YOUR_TOKEN_SECRET.\n'
    );
  });
  it('--include-secrets puts them in', async () => {
    const { code, out } = await run([...request, '--format', 'python-oauth1', '--include-secrets']);
    expect(code).toBe(0);
    expect(out).toContain('CONSUMER_SECRET = "cs-secret-1"');
    expect(out).toContain('TOKEN_SECRET = "ts-secret-2"');
  });
  it("--format har is valid HAR 1.2 with OAuth Lab's version", async () => {
    const { code, out } = await run([...request, '--format', 'har']);
    expect(code).toBe(0);
    const har = JSON.parse(out) as { log: { creator: { name: string; version: string } } };
    expect(validateHar(har)).toBe(true);
    expect(har.log.creator.name).toBe('OAuth Lab');
    expect(har.log.creator.version).toMatch(/^\d+\.\d+\.\d+/);
  });
  it.each([
    [
      ['--format', 'xml'],
      /--format must be one of text, json, curl, httpie, wget, javascript-fetch, .*, postman, http-file, har; got "xml"\./,
    ],
    [
      ['--format', 'python-oauth2'],
      /--format python-oauth2 exports OAuth 2 bearer requests; sign makes OAuth 1\.0a ones\. Use one of text, json, curl,/,
    ],
    [['--format', 'json', '--include-secrets'], /--include-secrets applies to an export format/],
  ])('%j is a usage error (exit 2)', async (flags, message) => {
    const { code, err } = await run([...request, ...flags]);
    expect(code).toBe(2);
    expect(err).toMatch(message);
  });
  it('--help lists every target', async () => {
    const { out } = await run(['--help']);
    for (const t of targetsFor('oauth1')) expect(out).toContain(t.id);
    expect(out).toContain('--include-secrets');
  });
});
