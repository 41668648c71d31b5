import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CALLBACK, form, Harness, requestToken, signed } from './helpers';
import { expectProblem, resetOAuth1Switches } from './oauth1-assertions';

/** Cases O1-02, O1-06 … O1-08, O1-12, O1-20, O1-24 and O1-25 of reference/provider-cases.md: the checks of the protocol parameters, requiredPresent, noneMisplaced, versionAccepted, signatureMethodAllowed, plaintextOverTls, parameterLengths and signatureLength (RFC 5849 §3.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.1)). */
const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());
// Every test starts from the default switches.
afterEach(() => resetOAuth1Switches(h));

const RT = '/oauth/v1/request_token';
const rt = (o: Partial<Parameters<typeof signed>[1]> = {}) => signed(h, { path: RT, callback: CALLBACK, ...o });

describe('O1 the protocol parameters', () => {
  it('O1-02 PLAINTEXT over plain http → 400 signature_method_rejected', async () => {
    await h.settings({ switches: { signatureMethods: ['HMAC-SHA1', 'PLAINTEXT'] } });
    const f = expectProblem(await rt({ signatureMethod: 'PLAINTEXT' }), 400, 'signature_method_rejected');
    expect(f.oauth_problem_advice).toContain('TLS');
  });

  it('O1-02b PLAINTEXT accepted when the TLS rule is switched off', async () => {
    await h.settings({ switches: { signatureMethods: ['PLAINTEXT'], plaintextRequiresTls: false } });
    const r = await rt({ signatureMethod: 'PLAINTEXT' });
    expect(r.status, r.body).toBe(200);
    expect(form(r.body).oauth_callback_confirmed).toBe('true');
  });

  for (const missing of [
    'oauth_consumer_key',
    'oauth_signature_method',
    'oauth_signature',
    'oauth_timestamp',
    'oauth_nonce',
  ]) {
    it(`O1-06 missing ${missing} → 400 parameter_absent`, async () => {
      const r = await rt({ mutateHeader: (v) => v.replace(new RegExp(`${missing}="[^"]*"(, )?`), '') });
      expectProblem(r, 400, 'parameter_absent', { oauth_parameters_absent: missing });
      expect(r.body).toContain(`oauth_parameters_absent=${missing}`);
    });
  }

  it('O1-06b two missing parameters are listed, encoded twice', async () => {
    const r = await rt({
      mutateHeader: (v) => v.replace(/oauth_nonce="[^"]*", ?/, '').replace(/oauth_timestamp="[^"]*", ?/, ''),
    });
    expectProblem(r, 400, 'parameter_absent', { oauth_parameters_absent: 'oauth_timestamp&oauth_nonce' });
    expect(r.body).toContain('oauth_parameters_absent=oauth_timestamp%26oauth_nonce');
  });

  for (const method of ['HMAC-MD5', 'RSA-SHA1', 'hmac-sha1']) {
    it(`O1-07 signature method ${method} → 400 signature_method_rejected`, async () => {
      const f = expectProblem(
        await rt({ mutateHeader: (v) => v.replace('HMAC-SHA1', method) }),
        400,
        'signature_method_rejected'
      );
      expect(f.oauth_problem_advice).toContain('HMAC-SHA1');
    });
  }

  it('O1-08 oauth_version 2.0 → 400 version_rejected with acceptable versions', async () => {
    expectProblem(
      await rt({ mutateHeader: (v) => v.replace('oauth_version="1.0"', 'oauth_version="2.0"') }),
      400,
      'version_rejected',
      { oauth_acceptable_versions: '1.0-1.0' }
    );
  });

  it('O1-08b oauth_version omitted is accepted (RFC 5849 §3.1: OPTIONAL)', async () => {
    expect((await rt({ includeVersion: false })).status).toBe(200);
  });

  it('O1-12 oversized nonce → 400 parameter_rejected', async () => {
    expectProblem(await rt({ nonce: 'n'.repeat(300) }), 400, 'parameter_rejected', {
      oauth_parameters_rejected: 'oauth_nonce',
    });
  });

  it('O1-12b nonce with a space or non-ASCII character → 400 parameter_rejected', async () => {
    expectProblem(await rt({ nonce: 'a b' }), 400, 'parameter_rejected', { oauth_parameters_rejected: 'oauth_nonce' });
    expectProblem(await rt({ nonce: 'nonce-é' }), 400, 'parameter_rejected', {
      oauth_parameters_rejected: 'oauth_nonce',
    });
  });

  it('O1-20 request token without oauth_callback → 400 parameter_absent', async () => {
    const f = expectProblem(await signed(h, { path: RT }), 400, 'parameter_absent', {
      oauth_parameters_absent: 'oauth_callback',
    });
    expect(f.oauth_problem_advice).toContain('oob');
  });

  it('O1-24 step three without oauth_token → 400 parameter_absent', async () => {
    expectProblem(await signed(h, { path: '/oauth/v1/access_token', verifier: 'v' }), 400, 'parameter_absent', {
      oauth_parameters_absent: 'oauth_token',
    });
  });

  it('O1-25 step three without oauth_verifier → 400 parameter_absent', async () => {
    const t = await requestToken(h);
    expectProblem(
      await signed(h, { path: '/oauth/v1/access_token', token: t.token, tokenSecret: t.secret }),
      400,
      'parameter_absent',
      { oauth_parameters_absent: 'oauth_verifier' }
    );
  });
});
