import { describe, expect, it } from 'vitest';
import { editThroughMask, maskSpans } from '../../../../renderer/components/masked-edit';
import { valueSpans } from '../../../../renderer/components/secret-spans';

const SECRET = 'client-secret-0123456789';
const REFRESH = 'refresh-token-abcdefghij';
const BODY = `grant_type=refresh_token&refresh_token=${REFRESH}&client_secret=${SECRET}`;
const DOTS = '•'.repeat(SECRET.length);
const shownOf = (body: string, secrets: readonly string[]) => maskSpans(body, valueSpans(secrets)(body));
/** The body after `edited` was typed over its masked text, the caret left at `caret`. */
const editedTo = (edited: string, caret: number) =>
  editThroughMask(BODY, shownOf(BODY, [SECRET, REFRESH]), edited, caret);

describe('an OAuth 2 body edited with its known secret values masked (valueSpans, SecretInput)', () => {
  it('shows each secret as one disc a character', () => {
    expect(shownOf(BODY, [SECRET, REFRESH])).toBe(
      `grant_type=refresh_token&refresh_token=${DOTS}&client_secret=${DOTS}`
    );
  });

  it('puts each secret back in its own place, though both look alike', () => {
    const shown = shownOf(BODY, [SECRET, REFRESH]);
    const at = shown.indexOf('&client_secret');
    const edited = `${shown.slice(0, at)}&scope=read${shown.slice(at)}`;
    expect(editedTo(edited, at + '&scope=read'.length)).toBe(
      `grant_type=refresh_token&refresh_token=${REFRESH}&scope=read&client_secret=${SECRET}`
    );
    // One change a keystroke or a paste makes, at either end.
    expect(editedTo(`x${shown}`, 1)).toBe(`x${BODY}`);
    expect(editedTo(`${shown}y`, shown.length + 1)).toBe(`${BODY}y`);
  });

  it('sends what the user typed where a secret was replaced, and edits a secret in place where typed inside it', () => {
    const shown = shownOf(BODY, [SECRET, REFRESH]);
    const replaced = shown.replace(`refresh_token=${DOTS}`, 'refresh_token=other');
    expect(editedTo(replaced, replaced.indexOf('other') + 'other'.length)).toBe(
      `grant_type=refresh_token&refresh_token=other&client_secret=${SECRET}`
    );
    const at = shown.indexOf(`refresh_token=${DOTS}`) + 'refresh_token='.length + 4;
    const typedInside = `${shown.slice(0, at)}x${shown.slice(at)}`;
    expect(editedTo(typedInside, at + 1)).toBe(
      `grant_type=refresh_token&refresh_token=${REFRESH.slice(0, 4)}x${REFRESH.slice(4)}&client_secret=${SECRET}`
    );
  });

  it('masks a secret as a JSON body holds it, and one inside another by the longer', () => {
    const json = `{"refresh_token":"${REFRESH}","client_secret":"${SECRET}"}`;
    expect(shownOf(json, [SECRET, 'refresh-token', REFRESH])).toBe(
      `{"refresh_token":"${DOTS}","client_secret":"${DOTS}"}`
    );
  });

  it('keeps a secret field masked once its value was edited into one the page does not know', () => {
    const edited = BODY.replace(REFRESH, 'r3fresh-typed-by-hand');
    expect(shownOf(edited, [SECRET, REFRESH])).toBe(
      `grant_type=refresh_token&refresh_token=${'•'.repeat('r3fresh-typed-by-hand'.length)}&client_secret=${DOTS}`
    );
  });
});
