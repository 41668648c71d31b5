// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SecretField } from '../../../../renderer/components/SecretInput';
import { expectMasked, expectShown } from '../masked-field';

afterEach(cleanup);

/** A page's state around the field: what it is given is what it keeps. */
function Holder({ multiline, onValue }: { multiline?: boolean; onValue: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <SecretField
      label="Client secret"
      name="client secret"
      multiline={multiline}
      value={value}
      onChange={(v) => (setValue(v), onValue(v))}
    />
  );
}

describe('the masked field (components/SecretInput.tsx)', () => {
  for (const multiline of [false, true])
    it(`${multiline ? 'a text area' : 'one line'}: masked until Reveal, editable either way, the value kept as pasted`, () => {
      let kept = '';
      render(<Holder multiline={multiline} onValue={(v) => (kept = v)} />);
      const field = screen.getByLabelText('Client secret');
      // Pasted with its spaces, a + and an = (nothing rewritten: a trailing dot or space is the user's).
      const pasted = multiline ? ' eyJhbGciOiJIUzI1NiJ9.e30.c2ln+/= \n' : ' s3cr3t+/=value ';
      fireEvent.change(field, { target: { value: pasted } });
      expect(kept).toBe(pasted);
      expectMasked(field, pasted);
      fireEvent.click(screen.getByRole('button', { name: 'Reveal client secret' }));
      expectShown(field, pasted);
      fireEvent.change(field, { target: { value: `${pasted}x` } });
      expect(kept).toBe(`${pasted}x`);
      fireEvent.click(screen.getByRole('button', { name: 'Hide client secret' }));
      expectMasked(field, `${pasted}x`);
      expect(screen.getByRole('button', { name: 'Copy client secret' })).toBeTruthy();
    });
});
