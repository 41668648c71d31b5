import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

/** A request Net::OAuth 0.28 signed (recorded from libnet-oauth-perl): mixed case, :443, a repeated name, é. */
const NET_OAUTH = {
  url: 'HTTPS://Api.Example.com:443/a%20b?q=%C3%A9&q=1',
  body: 'x=1&x=2',
  authorization: 'OAuth oauth_consumer_key="c%2541k",oauth_nonce="n1",oauth_signature="V8Mrl%2BqKWEznyj%2BfwdAC63zHmqw%3D",oauth_signature_method="HMAC-SHA1",oauth_timestamp="137",oauth_token="tk",oauth_version="1.0"',
};
const args = ['debug', '--url', NET_OAUTH.url, '--method', 'POST', '--body', NET_OAUTH.body, '--authorization', NET_OAUTH.authorization, '--consumer-secret', 'cs', '--token-secret', 't'];

describe('oauth-lab debug names the library', () => {
  it('--json carries the library attribution: the behaviours, their sections and sources, and the library', async () => {
    const { code, out } = await runCli([...args, '--json']);
    expect(code).toBe(1);
    const json = JSON.parse(out) as { libraries: { libraries: { name: string; version: string }[]; behaviours: { id: string; section: string; source: string }[] }; serverLibraries: { behaviours: unknown[] } };
    expect(json.libraries.libraries.map((l) => `${l.name} ${l.version}`)).toEqual(['Net::OAuth 0.28']);
    expect(json.libraries.behaviours.map((b) => b.id).sort()).toEqual(['D4', 'D5', 'D6', 'D7']);
    for (const b of json.libraries.behaviours) expect(b.section).toMatch(/^RFC 5849 §3\./);
    expect(json.serverLibraries.behaviours).toEqual([]);
  });

  it('the text output lists each known behaviour with the libraries known to show it', async () => {
    const { out } = await runCli(args);
    expect(out).toContain('Your client signs like Net::OAuth 0.28');
    expect(out).toContain('Known library behaviour (your client):');
    expect(out).toMatch(/D6\. The default port kept in the base string URI \(RFC 5849 §3\.4\.1\.2\)\n {5}known in: Net::OAuth 0\.28 and liboauth 1\.0\.3 \(https :443 only; it strips :80\/\)/);
  });
});
