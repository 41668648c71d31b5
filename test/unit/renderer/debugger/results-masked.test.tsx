// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { authorization, BODY, rawOf, renderDebugger, SECRETS, X } from './fixtures';

/**
 * What the signature debugger computes from a pasted request (the base strings and their diff, the re-signed
 * request, the trace) masks the request's secrets as the pasted field does, until "Reveal the secrets": a token in
 * the form body (a secret by the one list, shared/secrets.ts) and a cookie. Masking keeps every position, so the
 * diff marks the same difference, and the verdict and the cause do not change.
 */
afterEach(cleanup);

const TOKEN = 'b0dy-t0ken-77';
const COOKIE = 's3ssion-c00kie';
const BODY_WITH_TOKEN = `${BODY}&access_token=${TOKEN}`;

const type = (name: string, value: string) => fireEvent.change(screen.getByLabelText(name), { target: { value } });
const results = () => screen.getByRole('region', { name: 'Diagnosis' });
const verdict = () => screen.getByRole('region', { name: 'Verdict' });
const causeHeadings = () =>
  within(screen.getByRole('region', { name: 'Causes' }))
    .getAllByRole('heading', { level: 4 })
    .map((h) => h.textContent);

/** The diff as drawn: each line's runs by kind and length, and the count of differences with the first's place. */
function diffShape(): string[] {
  const lines = [...results().querySelectorAll('.bs-line code')].map((code) =>
    [...code.children].map((run) => `${run.tagName}.${run.className}:${run.textContent!.length}`).join(' ')
  );
  return [...lines, results().querySelector('.bs-count')?.textContent ?? ''];
}

/** One side of the diff, its chunks joined: its characters in the columns they are drawn in. */
const side = (which: 'top' | 'bottom') =>
  [...results().querySelectorAll(`.bs-line.${which} code`)].map((c) => c.textContent).join('');

/** The raw request with a token in its form body and a session cookie, signed as `signed` says. */
function pasteRequest(opts: { bodyLeftOut: boolean }) {
  const input = { ...X, body: BODY_WITH_TOKEN };
  const raw = rawOf(authorization({ bodyLeftOut: opts.bodyLeftOut, input }))
    .replace('Host: api.x.com', `Host: api.x.com\r\nCookie: sid=${COOKIE}; theme=dark`)
    .replace(BODY, BODY_WITH_TOKEN);
  fireEvent.click(screen.getByRole('tab', { name: 'Raw HTTP request' }));
  type('Paste the raw HTTP request', raw);
  type('Consumer secret', SECRETS.consumerSecret);
  type('Token secret', SECRETS.tokenSecret);
}

describe('the signature debugger: its results masked until Reveal', () => {
  it('the body left out: the token (in OAuth Lab’s base string only) and the cookie are masked; the diff, verdict and cause unchanged', async () => {
    renderDebugger();
    pasteRequest({ bodyLeftOut: true });
    await waitFor(() => expect(verdict().getAttribute('data-verdict')).toBe('mismatch'), { timeout: 3000 });
    expect(causeHeadings()).toEqual(['The form body was left out of the signature']);
    const masked = results().textContent!;
    expect(masked).not.toContain(TOKEN);
    expect(masked).not.toContain(COOKIE);
    // The rest of the re-signed request stays readable: the cookie's name, the token's name, the other cookie.
    const resigned = screen.getByRole('region', { name: 'Re-signed request' }).textContent!;
    expect(resigned).toContain('Cookie: sid=•');
    expect(resigned).toContain('access_token=•');
    expect(side('bottom')).toContain('access_token%3D•••••••••••••%26');
    // The trace's base string draws the dots themselves, not their percent-encoding.
    expect(screen.getByLabelText('Signature base string').textContent).toContain('access_token%3D•••••••••••••%26');
    const shapeMasked = diffShape();
    // Copy copies the text whole, as the pasted field's Copy does.
    fireEvent.click(screen.getByRole('button', { name: 'Copy Re-signed HTTP request' }));
    await expect.poll(() => navigator.clipboard.readText()).toContain(`Cookie: sid=${COOKIE}; theme=dark`);
    fireEvent.click(screen.getByRole('button', { name: /^Copy OAuth Lab.* base string$/ }));
    await expect.poll(() => navigator.clipboard.readText()).toContain(`access_token%3D${TOKEN}%26`);

    fireEvent.click(screen.getByRole('button', { name: 'Reveal the secrets' }));
    const revealed = results().textContent!;
    expect(revealed).toContain(TOKEN);
    expect(revealed).toContain(`Cookie: sid=${COOKIE}; theme=dark`);
    expect(side('bottom')).toContain(`access_token%3D${TOKEN}%26`);
    expect(diffShape()).toEqual(shapeMasked);
    expect(verdict().getAttribute('data-verdict')).toBe('mismatch');
    expect(causeHeadings()).toEqual(['The form body was left out of the signature']);
  });

  it('another scheme signed: the token in both base strings is masked alike, in the same columns, and the diff still marks the scheme', async () => {
    renderDebugger();
    pasteRequest({ bodyLeftOut: false });
    await waitFor(() => expect(verdict().getAttribute('data-verdict')).toBe('match'), { timeout: 3000 });
    fireEvent.change(screen.getByLabelText('Sent over'), { target: { value: 'http' } });
    await waitFor(() => expect(verdict().getAttribute('data-verdict')).toBe('mismatch'), { timeout: 3000 });
    expect(causeHeadings()).toEqual(['Another scheme was signed']);
    expect(results().textContent).not.toContain(TOKEN);
    const dots = (s: string) => [...s.matchAll(/•/g)].map((m) => m.index);
    expect(dots(side('top')).length).toBe(TOKEN.length);
    expect(dots(side('top'))).toEqual(dots(side('bottom')));
    const shapeMasked = diffShape();
    const marked = [...results().querySelectorAll('.bs-rows mark')].map((m) => m.textContent);

    fireEvent.click(screen.getByRole('button', { name: 'Reveal the secrets' }));
    expect(side('top')).toContain(`access_token%3D${TOKEN}%26`);
    expect(side('bottom')).toContain(`access_token%3D${TOKEN}%26`);
    expect(diffShape()).toEqual(shapeMasked);
    expect([...results().querySelectorAll('.bs-rows mark')].map((m) => m.textContent)).toEqual(marked);
    expect(causeHeadings()).toEqual(['Another scheme was signed']);
  });
});
