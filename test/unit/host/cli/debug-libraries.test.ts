import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

/** A request Net::OAuth 0.28 signed (recorded from libnet-oauth-perl): mixed case, :443, a repeated name, é. */
const NET_OAUTH = {
  url: 'HTTPS://Api.Example.com:443/a%20b?q=%C3%A9&q=1',
  body: 'x=1&x=2',
  authorization:
    'OAuth oauth_consumer_key="c%2541k",oauth_nonce="n1",oauth_signature="V8Mrl%2BqKWEznyj%2BfwdAC63zHmqw%3D",oauth_signature_method="HMAC-SHA1",oauth_timestamp="137",oauth_token="tk",oauth_version="1.0"',
};
const args = [
  'debug',
  '--url',
  NET_OAUTH.url,
  '--method',
  'POST',
  '--body',
  NET_OAUTH.body,
  '--authorization',
  NET_OAUTH.authorization,
  '--consumer-secret',
  'cs',
  '--token-secret',
  't',
];

describe('oauth-lab debug names the library', () => {
  it('--json carries the library attribution: the behaviours, their sections and sources, and the library', async () => {
    const { code, out } = await runCli([...args, '--json']);
    expect(code).toBe(1);
    const json = JSON.parse(out) as {
      libraries: {
        libraries: { name: string; version: string }[];
        behaviours: { id: string; section: string; source: string }[];
      };
      serverLibraries: { behaviours: unknown[] };
    };
    expect(json.libraries.libraries.map((l) => `${l.name} ${l.version}`)).toEqual(['Net::OAuth 0.28']);
    expect(json.libraries.behaviours.map((b) => b.id).sort()).toEqual(['D4', 'D5', 'D6', 'D7']);
    for (const b of json.libraries.behaviours) expect(b.section).toMatch(/^RFC 5849 §3\./);
    expect(json.serverLibraries.behaviours).toEqual([]);
  });

  it('the text output lists each known behaviour with the libraries known to show it', async () => {
    const { out } = await runCli(args);
    expect(out).toContain('Your client signs like Net::OAuth 0.28');
    expect(out).toContain('Known library behaviour (your client):');
    expect(out).toMatch(
      /D6\. The default port kept in the base string URI \(RFC 5849 §3\.4\.1\.2\)\n {5}known in: Net::OAuth 0\.28 and liboauth 1\.0\.3 \(https :443 only; it strips :80\/\)/
    );
  });
});

describe('oauth-lab debug --oauth2-basic', () => {
  const secret = 'p@ss w%rd+/:=&~';
  const header = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;
  it('a raw secret: exit 1, B1 and the libraries that send it so', async () => {
    const { code, out } = await runCli([
      'debug',
      '--oauth2-basic',
      header(`cid:${secret}`),
      '--client-id',
      'cid',
      '--client-secret',
      secret,
      '--json',
    ]);
    expect(code).toBe(1);
    const json = JSON.parse(out) as { encoding: string; libraries: { behaviours: { id: string }[] } };
    expect(json.encoding).toBe('raw');
    expect(json.libraries.behaviours.map((b) => b.id)).toEqual(['B1']);
  });

  it('form-urlencoded as the RFC says: exit 0; a missing flag or a request flag beside it: exit 2 naming it', async () => {
    const encoded = new URLSearchParams({ s: secret }).toString().slice(2);
    expect(
      (
        await runCli([
          'debug',
          '--oauth2-basic',
          header(`cid:${encoded}`),
          '--client-id',
          'cid',
          '--client-secret',
          secret,
        ])
      ).code
    ).toBe(0);
    const missing = await runCli(['debug', '--oauth2-basic', header('cid:x'), '--client-id', 'cid']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('--oauth2-basic needs --client-secret');
    const mixed = await runCli([
      'debug',
      '--oauth2-basic',
      header('cid:x'),
      '--client-id',
      'cid',
      '--client-secret',
      'x',
      '--url',
      'https://a.example/',
    ]);
    expect(mixed.code).toBe(2);
    expect(mixed.err).toContain('--url does not go with it');
  });
});
