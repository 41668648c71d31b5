// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SecretField } from '../../../../renderer/components/SecretInput';
import { secretSpans } from '../../../../renderer/components/secret-spans';
import { expectPartMasked } from '../masked-field';

afterEach(cleanup);

/** A page's state around the field, masked in the parts the list of secrets names. */
function Holder({ onValue }: { onValue: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <SecretField
      label="Request"
      name="request"
      multiline
      spans={secretSpans}
      value={value}
      onChange={(v) => (setValue(v), onValue(v))}
    />
  );
}

/** An edit as a browser makes it: the control's text changed, the caret where the edit left it, then `input`. */
function editAt(control: HTMLTextAreaElement, text: string, caret: number) {
  Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(control, text);
  control.setSelectionRange(caret, caret);
  control.dispatchEvent(new Event('input', { bubbles: true }));
}

const TOKEN = 'abcDEF123456ghi';
const REFRESH = 'rt-secret-9';
const PASTED = `POST /token HTTP/1.1\nAuthorization: Bearer ${TOKEN}\n\ngrant_type=refresh_token&refresh_token=${REFRESH}`;

describe('the masked field, masked in parts (components/SecretInput.tsx with spans)', () => {
  it('a pasted request shows all but its secrets, which Reveal shows; the value is kept as pasted', () => {
    let kept = '';
    render(<Holder onValue={(v) => (kept = v)} />);
    const field = screen.getByLabelText('Request') as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: PASTED } });
    expect(kept).toBe(PASTED);
    for (const secret of [TOKEN, REFRESH])
      expectPartMasked(field, secret, [
        'POST /token HTTP/1.1',
        'Authorization: Bearer ',
        'grant_type=refresh_token&refresh_token=',
      ]);
    expect(field.value).toHaveLength(PASTED.length);
    fireEvent.click(screen.getByRole('button', { name: 'Reveal request' }));
    expect(field.value).toBe(PASTED);
    fireEvent.click(screen.getByRole('button', { name: 'Hide request' }));
    expectPartMasked(field, TOKEN);
    expect(screen.getByRole('button', { name: 'Copy request' })).toBeTruthy();
  });

  it('an edit made while masked changes the value where it was made, the secrets kept', () => {
    let kept = '';
    render(<Holder onValue={(v) => (kept = v)} />);
    const field = screen.getByLabelText('Request') as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: PASTED } });
    // Typed in a readable part: "/token" becomes "/tokens".
    const at = field.value.indexOf('/token') + '/token'.length;
    editAt(field, `${field.value.slice(0, at)}s${field.value.slice(at)}`, at + 1);
    expect(kept).toBe(PASTED.replace('/token', '/tokens'));
    expect(field.selectionEnd).toBe(at + 1);
    // A character deleted inside the masked token (its fourth): the value loses that one, not another of the run.
    const fourth = kept.indexOf(TOKEN) + 3;
    editAt(field, field.value.slice(0, fourth) + field.value.slice(fourth + 1), fourth);
    expect(kept).toBe(PASTED.replace('/token', '/tokens').replace(TOKEN, 'abcEF123456ghi'));
    expectPartMasked(field, 'abcEF123456ghi');
    // The whole text replaced by a paste: the new text is the value.
    fireEvent.change(field, { target: { value: 'GET /me?access_token=at-0987654 HTTP/1.1' } });
    expect(kept).toBe('GET /me?access_token=at-0987654 HTTP/1.1');
    expectPartMasked(field, 'at-0987654', ['GET /me?access_token=']);
  });
});
