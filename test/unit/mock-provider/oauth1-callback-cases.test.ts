import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CALLBACK, form, Harness, signed } from './helpers';
import { expectProblem, resetOAuth1Switches } from './oauth1-assertions';

/** Cases O1-21 and O1-22 of reference/provider-cases.md: callbackAllowed (RFC 5849 §2.1 (https://www.rfc-editor.org/rfc/rfc5849#section-2.1)). */
const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());
// Every test starts from the default switches.
afterEach(() => resetOAuth1Switches(h));

const RT = '/oauth/v1/request_token';
const rt = (o: Partial<Parameters<typeof signed>[1]> = {}) => signed(h, { path: RT, callback: CALLBACK, ...o });

describe('O1 the callback', () => {
  for (const cb of [
    'OOB',
    '/relative/callback',
    'javascript:alert(1)',
    'data:text/html,x',
    'file:///etc/passwd',
    'http://127.0.0.1:8765/other',
    'http://localhost:8765/callback',
    'http://127.0.0.1:@evil.example/callback',
  ]) {
    it(`O1-21 oauth_callback ${cb} → 400 parameter_rejected`, async () => {
      expectProblem(await rt({ callback: cb }), 400, 'parameter_rejected', {
        oauth_parameters_rejected: 'oauth_callback',
      });
    });
  }

  it('O1-21b loopback callback on another port and "oob" are accepted', async () => {
    expect((await rt({ callback: 'http://127.0.0.1:50123/callback' })).status).toBe(200);
    expect((await rt({ callback: 'oob' })).status).toBe(200);
  });

  it('O1-22 success: 200 with oauth_callback_confirmed=true', async () => {
    const r = await rt();
    expect(r.status).toBe(200);
    expect(form(r.body)).toMatchObject({ oauth_callback_confirmed: 'true', oauth_expires_in: '600' });
  });
});
