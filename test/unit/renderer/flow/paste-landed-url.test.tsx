// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PasteUrlForm } from '../../../../renderer/features/flow/PasteLandedUrl';
import { expectPartMasked } from '../masked-field';

afterEach(cleanup);

const CODE = 'SplxlOBeZQQYbYS6WxSbIA';
const LANDED = `https://app.example/done?code=${CODE}&state=af0ifjsldkj`;

describe('the URL landed on, pasted (PasteLandedUrl.tsx)', () => {
  it('its authorization code is masked until Reveal (RFC 6749 §10.5); the flow is handed the URL as pasted', () => {
    const handed: string[] = [];
    render(<PasteUrlForm label="The URL the browser landed on" onPaste={(u) => handed.push(u)} />);
    const field = screen.getByLabelText('The URL the browser landed on');
    fireEvent.change(field, { target: { value: LANDED } });
    expectPartMasked(field, CODE, ['https://app.example/done?code=', '&state=af0ifjsldkj']);
    fireEvent.click(screen.getByRole('button', { name: 'Continue with this URL' }));
    expect(handed).toEqual([LANDED]);
    fireEvent.click(screen.getByRole('button', { name: 'Reveal URL landed on' }));
    expect((field as HTMLInputElement).value).toBe(LANDED);
  });
});
