import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportHar, type Har, type RecordedExchange } from '../../../../host/export';
import { CALLBACK, startMockSession, type MockSession } from './mock-session';

// The mock's code grant with scope openid over real sockets: its token response carries an id_token.
let session: MockSession;
let idToken = '';
beforeAll(async () => {
  session = await startMockSession();
  await session.oauth2Tokens('openid read');
  const tokenLeg = session.exchanges.find((e) => e.request.url.endsWith('/oauth/v2/token'))!;
  idToken = (JSON.parse(tokenLeg.response.bodyText) as { id_token: string }).id_token;
}, 20_000);
afterAll(() => session.stop());

/** An exchange recorded around `request`, answered by `response` (status 200 unless given). */
function recorded(
  request: RecordedExchange['request'],
  response: Partial<RecordedExchange['response']> = {}
): RecordedExchange {
  return {
    request,
    response: { status: 200, statusText: 'OK', headers: [], bodyText: '', bodySize: 0, ...response },
    timings: { connect: null, tls: null, firstByte: 1, total: 1 },
    startedAt: 0,
  };
}

describe('HAR without secrets and the id_token', () => {
  it('masks it in a JSON token response, a form body, a query and a fragment; keeps it when included', () => {
    expect(idToken).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
    const entries = [
      ...session.exchanges,
      // response_mode=form_post (OAuth 2.0 Form Post Response Mode §2): the id_token in the callback's form body.
      recorded({
        method: 'POST',
        url: CALLBACK,
        headers: [['Content-Type', 'application/x-www-form-urlencoded']],
        body: `id_token=${idToken}&state=s1`,
      }),
      // RP-initiated logout's hint in the query, and the implicit flow's redirect with the id_token in the fragment.
      recorded(
        { method: 'GET', url: `${session.base}/logout?id_token=${idToken}&x=1`, headers: [] },
        { status: 302, statusText: 'Found', headers: [['Location', `${CALLBACK}#state=s1&id_token=${idToken}`]] }
      ),
    ];
    const out = exportHar({ entries });
    expect(out.text).not.toContain(idToken);
    expect(out.text).not.toContain(idToken.split('.')[1]!);
    // One id_token, one placeholder wherever it appears (the value's tag, history HAR).
    const [placeholder] = out.placeholders.filter((p) => p.startsWith('YOUR_ID_TOKEN'));
    expect(placeholder).toMatch(/^YOUR_ID_TOKEN_[0-9a-f]{12}$/);
    const har = JSON.parse(out.text) as Har;
    const token = har.log.entries.find((e) => e.request.url.endsWith('/oauth/v2/token'))!;
    expect(JSON.parse(token.response.content.text!)).toMatchObject({ id_token: placeholder });
    const [formPost, logout] = har.log.entries.slice(-2);
    expect(formPost!.request.postData!.text).toBe(`id_token=${placeholder}&state=s1`);
    expect(logout!.request.queryString).toContainEqual({ name: 'id_token', value: placeholder });
    expect(logout!.response.redirectURL).toBe(`${CALLBACK}#state=s1&id_token=${placeholder}`);

    expect(exportHar({ entries, includeSecrets: true }).text).toContain(idToken);
  });
});
