import { describe, expect, it } from 'vitest';
import { formFlag } from '../../../../host/cli/form-flag';
import { UsageError } from '../../../../host/cli/io';

describe('--form name=value (oauth-lab sign and call)', () => {
  it('splits at the first = and keeps both sides as typed', () => {
    expect(formFlag('a=1')).toEqual(['a', '1']);
    expect(formFlag(' a b =x=y ')).toEqual([' a b ', 'x=y ']);
    expect(formFlag('empty=')).toEqual(['empty', '']);
  });
  it('refuses a flag without a name or without =, saying what is expected', () => {
    for (const text of ['novalue', '=1', '']) {
      expect(() => formFlag(text)).toThrow(UsageError);
      expect(() => formFlag(text)).toThrow(
        `--form ${JSON.stringify(text)} must be name=value (the name may not be empty).`
      );
    }
  });
});
