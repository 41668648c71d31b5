import { expect, it } from 'vitest';
import { profileSchema } from '../../../../shared/store/profile';

/** A token parameter given twice is refused when the profile is saved, naming it (RFC 6749 §3.2), not at the token leg. */
it('refuses a token parameter given twice, and takes distinct ones', () => {
  const profile = (tokenParams: [string, string][]) => ({
    id: 'p',
    name: 'API',
    baseUrl: 'https://api.example.com',
    oauth2: { tokenParams },
  });
  const twice = profileSchema.safeParse(
    profile([
      ['audience', 'https://a.example'],
      ['audience', 'https://b.example'],
    ])
  );
  expect(twice.success).toBe(false);
  expect(twice.error?.issues[0]).toMatchObject({
    path: ['oauth2', 'tokenParams'],
    message: 'the token parameter "audience" is given twice; each parameter may appear only once (RFC 6749 §3.2)',
  });
  expect(
    profileSchema.safeParse(
      profile([
        ['audience', 'https://a.example'],
        ['resource', 'https://b.example'],
      ])
    ).success
  ).toBe(true);
});
