import { expect } from 'vitest';
import { form, type Harness, type Res } from './helpers';

/** An OAuth Problem Reporting refusal: the status, a form body with the problem and advice, the challenge on 401. */
export function expectProblem(
  r: Res,
  status: number,
  problem: string,
  extra: Record<string, string> = {}
): Record<string, string> {
  expect(r.status, r.body).toBe(status);
  expect(r.headers['content-type']).toBe('application/x-www-form-urlencoded');
  const f = form(r.body);
  expect(f.oauth_problem).toBe(problem);
  expect(f.oauth_problem_advice?.length ?? 0).toBeGreaterThan(10);
  for (const [k, v] of Object.entries(extra)) expect(f[k], k).toBe(v);
  if (status === 401) expect(String(r.headers['www-authenticate'])).toContain(`oauth_problem="${problem}"`);
  else expect(r.headers['www-authenticate']).toBeUndefined();
  return f;
}

/** Puts back the switches the OAuth 1.0a cases change, so every case starts from the defaults. */
export const resetOAuth1Switches = (h: Harness) =>
  h.settings({
    switches: {
      requireTls: false,
      signatureMethods: ['HMAC-SHA1'],
      plaintextRequiresTls: true,
      oauth1HeaderOnly: false,
      oauth1Callback: 'registered',
    },
  });
