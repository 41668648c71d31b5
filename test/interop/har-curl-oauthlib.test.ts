import { HTTPSnippet } from 'httpsnippet';
import { validateRequest } from 'har-validator-compiled';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportHar, exportRequest, type Har } from '../../host/export';
import { send } from '../../platform/node/transport';
import { oauth1Flow } from '../../shared/flows';
import { run, scratch } from '../unit/host/export/mock-session';
import { signing, startOauthlib, type OauthlibSession } from './oauthlib-session';

/*
 * HAR → curl → an independent OAuth 1.0a server: a signed request the app sent to python oauthlib is exported as
 * HAR (HAR tools check its URL: an RFC 3986 URI), turned into curl by httpsnippet (the HAR converter the tools are
 * built on), and curl sends it again: oauthlib, which signs the path as received and decodes the query, accepts it.
 * The path's `'`, `[` and `]` go percent-encoded from the start (shared/url.ts), so no copy changes them.
 */
let oauthlib: OauthlibSession;
let files: ReturnType<typeof scratch>;
beforeAll(async () => {
  oauthlib = await startOauthlib();
  files = scratch();
});
afterAll(async () => {
  await oauthlib?.close();
  files?.remove();
});

/** A freshly signed request (oauthlib refuses a nonce twice): sent by the app, or only exported, as HAR. */
async function harOf(state: Awaited<ReturnType<OauthlibSession['threeLegs']>>, path: string, sendIt: boolean) {
  const { request } = oauth1Flow.buildApiRequest(state, { method: 'GET', path }, signing());
  const text = sendIt
    ? exportHar({ entries: [await send(request)], includeSecrets: true }).text
    : exportRequest({ target: 'har', source: { kind: 'request', request }, includeSecrets: true }).text;
  return (JSON.parse(text) as Har).log.entries[0]!;
}

const PATHS = [
  "/api/v1/paths/it's/[x]/a|b^c?q=it's",
  '/api/v1/paths/a%2Fb/%E2%9C%93/✓/(1)*!~@:$,=?ids[]=1&ids[]=2&q=it%27s',
  "/api/v1/paths/x?filter[name]=it's&list[]=a b",
];

describe('HAR → curl (httpsnippet) → oauthlib', () => {
  it.each(PATHS)('%s', { timeout: 30_000 }, async (path) => {
    const state = await oauthlib.threeLegs('HMAC-SHA1');
    const sent = await harOf(state, path, true);
    // Sent by the app: oauthlib accepted it, and HAR tools take the URL.
    expect(sent.response.status).toBe(200);
    expect(sent.request.url).not.toMatch(/[[\]]/);
    expect(validateRequest(sent.request)).toBe(true);
    // Exported only, then sent from the HAR through httpsnippet's curl.
    const exported = await harOf(state, path, false);
    const curl = new HTTPSnippet(exported.request as never).convert('shell', 'curl') as string;
    const script = files.write(
      `again-${PATHS.indexOf(path)}.sh`,
      curl.replace(/^curl /, 'curl -s -w "\\n%{http_code}" ')
    );
    const r = await run('sh', [script]);
    expect(r.stdout.trim().split('\n').at(-1), `${curl}\n${r.stdout}${r.stderr}`).toBe('200');
  });
});
