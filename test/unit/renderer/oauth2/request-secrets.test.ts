import { describe, expect, it } from 'vitest';
import { bodyForEditing, bodyFromEditing } from '../../../../renderer/features/oauth2/request-secrets';

const SECRET = 'client-secret-0123456789';
const REFRESH = 'refresh-token-abcdefghij';
const BODY = `grant_type=refresh_token&refresh_token=${REFRESH}&client_secret=${SECRET}`;
const DOTS = '•'.repeat(16);

describe('an OAuth 2 body edited with its secrets as dots', () => {
  it('shows each secret as dots, however many there are', () => {
    expect(bodyForEditing(BODY, [SECRET, REFRESH])).toBe(
      `grant_type=refresh_token&refresh_token=${DOTS}&client_secret=${DOTS}`
    );
  });

  it('puts each secret back in its own place, though both look alike', () => {
    const shown = bodyForEditing(BODY, [SECRET, REFRESH]);
    const edited = shown.replace('&client_secret', '&scope=read&client_secret');
    expect(bodyFromEditing(BODY, [SECRET, REFRESH], edited)).toBe(
      `grant_type=refresh_token&refresh_token=${REFRESH}&scope=read&client_secret=${SECRET}`
    );
    // One change a keystroke or a paste makes, at either end.
    expect(bodyFromEditing(BODY, [SECRET, REFRESH], `x${shown}`)).toBe(`x${BODY}`);
    expect(bodyFromEditing(BODY, [SECRET, REFRESH], `${shown}y`)).toBe(`${BODY}y`);
  });

  it('sends what the user typed where a secret was changed or removed', () => {
    const shown = bodyForEditing(BODY, [SECRET, REFRESH]);
    expect(
      bodyFromEditing(BODY, [SECRET, REFRESH], shown.replace(`refresh_token=${DOTS}`, 'refresh_token=other'))
    ).toBe(`grant_type=refresh_token&refresh_token=other&client_secret=${SECRET}`);
    const typedInside = shown.replace(`refresh_token=${DOTS}`, `refresh_token=••••x${'•'.repeat(12)}`);
    expect(bodyFromEditing(BODY, [SECRET, REFRESH], typedInside)).toBe(
      `grant_type=refresh_token&refresh_token=••••x${'•'.repeat(12)}&client_secret=${SECRET}`
    );
  });

  it('masks a secret as a JSON body holds it, and one inside another by the longer', () => {
    const json = `{"refresh_token":"${REFRESH}","client_secret":"${SECRET}"}`;
    expect(bodyForEditing(json, [SECRET, REFRESH, 'refresh-token'])).toBe(
      `{"refresh_token":"${DOTS}","client_secret":"${DOTS}"}`
    );
  });
});
