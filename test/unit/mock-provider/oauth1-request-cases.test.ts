import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CALLBACK, form, Harness, send, signed } from './helpers';
import { expectProblem, resetOAuth1Switches } from './oauth1-assertions';

/** Cases O1-01, O1-03 … O1-05 and O1-18 of reference/provider-cases.md: the checks of the request's shape, methodAllowed, tlsRequired and oneSourcePerParameter (RFC 5849 §3.5 (https://www.rfc-editor.org/rfc/rfc5849#section-3.5)). */
const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());
// Every test starts from the default switches.
afterEach(() => resetOAuth1Switches(h));

const RT = '/oauth/v1/request_token';
const rt = (o: Partial<Parameters<typeof signed>[1]> = {}) => signed(h, { path: RT, callback: CALLBACK, ...o });

describe('O1 the request: method, transport, where the parameters are', () => {
  it('O1-01 TLS required (switch) → 400 parameter_rejected', async () => {
    await h.settings({ switches: { requireTls: true } });
    const f = expectProblem(await rt(), 400, 'parameter_rejected');
    expect(f.oauth_problem_advice).toContain('TLS');
  });

  it('O1-03 protected resource without credentials → 401 with the OAuth challenge', async () => {
    const r = await h.send({ path: '/api/v1/me' });
    expect(r.status).toBe(401);
    expect(r.headers['www-authenticate']).toBe('OAuth realm="oauth-lab-mock"');
    expect(form(r.body).oauth_problem).toBe('parameter_absent');
    expect(form(r.body).oauth_parameters_absent).toBe(
      'oauth_consumer_key&oauth_signature_method&oauth_signature&oauth_timestamp&oauth_nonce'
    );
  });

  it('O1-04 protocol parameters in header and query → 400 parameter_rejected', async () => {
    const r = await signed(h, { path: `${RT}?oauth_nonce=x`, callback: CALLBACK });
    const f = expectProblem(r, 400, 'parameter_rejected');
    expect(f.oauth_problem_advice).toContain('header and query');
    expect(f.oauth_parameters_rejected).toBe('oauth_nonce');
  });

  it('O1-05 duplicated protocol parameter → 400 parameter_rejected', async () => {
    const f = expectProblem(await rt({ mutateHeader: (v) => `${v}, oauth_nonce="again"` }), 400, 'parameter_rejected');
    expect(f.oauth_parameters_rejected).toBe('oauth_nonce');
  });

  it('O1-18 non-OAuth scheme → 400 parameter_rejected', async () => {
    const f = expectProblem(
      await h.send({ method: 'POST', path: RT, headers: { authorization: 'Basic dXNlcjpwYXNz' } }),
      400,
      'parameter_rejected'
    );
    expect(f.oauth_problem_advice).toContain('Basic');
  });

  it('O1-18 value without quotes → 400 parameter_rejected naming the parameter', async () => {
    const f = expectProblem(
      await rt({ mutateHeader: (v) => v.replace('oauth_version="1.0"', 'oauth_version=1.0') }),
      400,
      'parameter_rejected'
    );
    expect(f.oauth_problem_advice).toContain('oauth_version');
  });

  it('O1-18 scheme is case-insensitive ("oAuTh")', async () => {
    expect((await rt({ mutateHeader: (v) => v.replace(/^OAuth/, 'oAuTh') })).status).toBe(200);
  });

  it('parameters in the form body verify (RFC 5849 §3.5.2), unless the header-only switch is on', async () => {
    expect(
      (await rt({ placement: 'body', body: 'x=1', contentType: 'application/x-www-form-urlencoded' })).status
    ).toBe(200);
    await h.settings({ switches: { oauth1HeaderOnly: true } });
    expectProblem(
      await rt({ placement: 'body', body: 'x=1', contentType: 'application/x-www-form-urlencoded' }),
      400,
      'parameter_rejected'
    );
  });

  it('parameters in the query verify (RFC 5849 §3.5.3)', async () => {
    expect((await rt({ placement: 'query' })).status).toBe(200);
  });

  it('GET on request_token → 405 with Allow: POST', async () => {
    const r = await send(h.base, { path: RT });
    expect(r.status).toBe(405);
    expect(r.headers.allow).toBe('POST');
    expect(form(r.body).oauth_problem).toBe('parameter_rejected');
  });
});
