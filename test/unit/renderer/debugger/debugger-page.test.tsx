// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FORM_CONTENT_TYPE } from '../../../../shared/url-encoded';
import { authorization, BODY, curlOf, rawOf, renderDebugger, SECRETS, URL_, X } from './fixtures';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const input = (name: string) => screen.getByLabelText(name) as HTMLInputElement | HTMLTextAreaElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const verdict = () => screen.findByRole('region', { name: 'Verdict' }, { timeout: 3000 });
const verdictWord = async () => (await verdict()).getAttribute('data-verdict');
const causes = () => screen.getByRole('region', { name: 'Causes' });
const fillSecrets = () => {
  type('Consumer secret', SECRETS.consumerSecret);
  type('Token secret', SECRETS.tokenSecret);
};

describe('DebuggerPage', () => {
  it('starts with what to do, and the example shows a mismatch with its cause, the marked base strings and the re-signed request', async () => {
    renderDebugger();
    expect(screen.getByRole('region', { name: 'How to start' }).textContent).toMatch(
      /Paste the request that was rejected/
    );
    fireEvent.click(screen.getByRole('button', { name: 'Load an example' }));

    expect(screen.getByRole('tab', { name: 'curl command' }).getAttribute('aria-selected')).toBe('true');
    expect(input('Paste the curl command').value).toMatch(
      /^curl --globoff --request POST 'https:\/\/api\.x\.com\/1\.1\/statuses\/update\.json\?include_entities=true'/
    );
    expect((input('Consumer secret') as HTMLInputElement).type).toBe('password');
    expect(input('Consumer secret').value).toBe(SECRETS.consumerSecret);

    expect(await verdictWord()).toBe('mismatch');
    const v = await verdict();
    expect(within(v).getByText('Mismatch')).toBeTruthy();
    expect(v.textContent).toMatch(
      /Your client's signature is reproduced with: the form body was left out of the signature/
    );

    expect(causes().querySelectorAll('[data-cause]').length).toBe(1);
    expect(within(causes()).getByRole('heading', { name: 'The form body was left out of the signature' })).toBeTruthy();
    const link = within(causes()).getByRole('link', { name: '§3.4.1.3.1' }) as HTMLAnchorElement;
    expect(link.href).toBe('https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.3.1');
    expect(causes().textContent).toMatch(/A single-part application\/x-www-form-urlencoded body is signed/);

    const diff = screen.getByRole('figure', { name: 'Base strings compared' });
    expect(diff.textContent).toMatch(/upper line: your client's \(reproduced\)/);
    expect(diff.textContent).toMatch(/lower line: OAuth Lab \(RFC 5849\)/);
    const marks = [...diff.querySelectorAll('mark.bs-diff, mark.bs-gap')].map((m) =>
      m.textContent!.replace(/\u00a0/g, ' ')
    );
    // The status parameter is in the RFC's base string only: marked on the lower line, a gap on the upper one.
    expect(marks.join('')).toContain('status%3DHello');
    expect(diff.querySelectorAll('.bs-line.top mark.bs-gap').length).toBeGreaterThan(0);

    const resigned = screen.getByRole('region', { name: 'Re-signed request' });
    expect(resigned.textContent).toMatch(/only oauth_signature changes/);
    expect(within(resigned).getByRole('button', { name: 'Copy Re-signed Authorization header' })).toBeTruthy();
    expect(resigned.textContent).toContain(authorization().replace(/^OAuth /, ''));

    // The trace is there, collapsed.
    const trace = document.querySelector('details.dbg-trace') as HTMLDetailsElement;
    expect(trace.open).toBe(false);
    expect(trace.querySelector('[data-step="signature-base-string"]')).toBeTruthy();
    // Secrets are masked everywhere but in their (password) inputs.
    expect(document.body.textContent).not.toContain(SECRETS.consumerSecret);
  });

  it('a raw HTTP request signed right is a match', async () => {
    renderDebugger();
    fireEvent.click(screen.getByRole('tab', { name: 'Raw HTTP request' }));
    type('Paste the raw HTTP request', rawOf(authorization()));
    fillSecrets();
    expect(await verdictWord()).toBe('match');
    expect(within(await verdict()).getByText('Match')).toBeTruthy();
    expect((await verdict()).textContent).toMatch(/The signature matches \(HMAC-SHA1\)/);
    expect(screen.queryByRole('region', { name: 'Causes' })).toBeNull();
    expect(screen.getByRole('figure', { name: 'Base string' }).textContent).toContain(
      'POST&https%3A%2F%2Fapi.x.com%2F1.1%2Fstatuses%2Fupdate.json&include_entities%3Dtrue%26oauth_consumer_key'
    );
    expect(screen.getByRole('region', { name: 'Re-signed request' }).textContent).toMatch(
      /the request as sent is correctly signed/
    );
    // The re-signed request is given back as HTTP text, the form it came in.
    expect(screen.getByRole('button', { name: 'Copy Re-signed HTTP request' })).toBeTruthy();
  });

  it('the raw request says which scheme was assumed, and http changes the base string', async () => {
    renderDebugger();
    fireEvent.click(screen.getByRole('tab', { name: 'Raw HTTP request' }));
    type('Paste the raw HTTP request', rawOf(authorization()));
    fillSecrets();
    expect(await verdictWord()).toBe('match');
    fireEvent.change(screen.getByLabelText('Sent over'), { target: { value: 'http' } });
    await waitFor(
      () => expect(screen.getByRole('region', { name: 'Verdict' }).getAttribute('data-verdict')).toBe('mismatch'),
      { timeout: 3000 }
    );
    expect(within(causes()).getByRole('heading', { name: 'Another scheme was signed' })).toBeTruthy();
  });

  it('a raw request to 127.0.0.1 is read as http, matches, and the verdict says http was assumed', async () => {
    renderDebugger();
    fireEvent.click(screen.getByRole('tab', { name: 'Raw HTTP request' }));
    const local = { ...X, url: 'http://127.0.0.1:4010/1.1/statuses/update.json?include_entities=true' };
    type('Paste the raw HTTP request', rawOf(authorization({ input: local })).replace('api.x.com', '127.0.0.1:4010'));
    fillSecrets();
    expect(await verdictWord()).toBe('match');
    const assumed = within(await verdict()).getByRole('note', { name: 'Assumed' });
    expect(assumed.textContent).toMatch(/^Assumed http\. .*http is assumed, as 127\.0\.0\.1 is a loopback host/);
    expect(screen.queryByRole('region', { name: 'Causes' })).toBeNull();
    // Chosen, the scheme is no longer an assumption.
    fireEvent.change(screen.getByLabelText('Sent over'), { target: { value: 'http' } });
    await waitFor(() => expect(screen.queryByRole('note', { name: 'Assumed' })).toBeNull(), { timeout: 3000 });
  });

  it('a curl command signed right is a match', async () => {
    renderDebugger();
    type('Paste the curl command', curlOf(authorization()));
    fillSecrets();
    expect(await verdictWord()).toBe('match');
    expect(screen.getByRole('button', { name: 'Copy Re-signed curl command' })).toBeTruthy();
  });

  it('a bad curl line shows its error next to the curl command, naming what is wrong', async () => {
    renderDebugger();
    type('Paste the curl command', "curl -X POST 'https://api.x.com/1.1/statuses/update.json");
    fillSecrets();
    await waitFor(() => expect(input('Paste the curl command').getAttribute('aria-invalid')).toBe('true'), {
      timeout: 3000,
    });
    const id = input('Paste the curl command')
      .getAttribute('aria-describedby')!
      .split(' ')
      .find((x) => x.endsWith('-error'))!;
    expect(document.getElementById(id)!.textContent).toBe(
      'curl command: The single quote at character 14 is never closed.'
    );
    expect(screen.queryByRole('region', { name: 'Verdict' })).toBeNull();
    expect(screen.getByText(/The request could not be read/)).toBeTruthy();

    type('Paste the curl command', 'curl -F status=hi https://api.x.com/1');
    await waitFor(
      () =>
        expect(
          screen.getByText(/^curl command: --form is not supported: a multipart\/form-data body is never signed/)
        ).toBeTruthy(),
      { timeout: 3000 }
    );
  });

  it('a curl command without OAuth parameters says so by the curl input', async () => {
    renderDebugger();
    type('Paste the curl command', "curl -H 'Authorization: Bearer abc' https://api.x.com/1");
    await screen.findByText(
      /^curl command: The request carries no oauth_\* parameters \(its Authorization header uses "Bearer", not OAuth\)/,
      {},
      { timeout: 3000 }
    );
  });

  it('fields: a form body left out of the signature is named as the cause', async () => {
    renderDebugger();
    fireEvent.click(screen.getByRole('tab', { name: 'Fields' }));
    type('Method', 'POST');
    type('URL', URL_);
    type('Authorization header', authorization({ bodyLeftOut: true }));
    type('Body', BODY);
    type('Content type', FORM_CONTENT_TYPE);
    fillSecrets();
    expect(await verdictWord()).toBe('mismatch');
    expect(within(causes()).getByRole('heading', { name: 'The form body was left out of the signature' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy Re-signed curl command' })).toBeTruthy();
  });

  it('fields: errors are shown by the field that caused them', async () => {
    renderDebugger();
    fireEvent.click(screen.getByRole('tab', { name: 'Fields' }));
    type('URL', 'api.x.com/1');
    await screen.findByText(
      /^URL: Invalid URL "api\.x\.com\/1": expected an absolute URL starting with http:\/\/ or https:\/\//,
      {},
      { timeout: 3000 }
    );
    expect(input('URL').getAttribute('aria-invalid')).toBe('true');

    type('URL', URL_);
    type('Authorization header', 'OAuth oauth_consumer_key="k", oauth_signature_method="HMAC-SHA1"');
    await screen.findByText(
      /^Authorization header: The request has oauth_\* parameters but no oauth_signature/,
      {},
      { timeout: 3000 }
    );
    expect(input('Authorization header').getAttribute('aria-invalid')).toBe('true');
    expect(input('URL').getAttribute('aria-invalid')).toBeNull();

    type('Method', 'PO ST');
    await screen.findByText(/^Method: The method "PO ST" is not an HTTP method token/, {}, { timeout: 3000 });
  });

  it('warnings are listed with their section: protocol parameters in two places', async () => {
    renderDebugger();
    type('Paste the curl command', curlOf(authorization()).replace(URL_, `${URL_}&oauth_extra=1`));
    fillSecrets();
    await verdict();
    const warnings = screen.getByRole('region', { name: 'Warnings' });
    expect(warnings.textContent).toMatch(
      /Protocol parameters in more than one place \(RFC 5849 §3\.5\): Protocol parameters were found in the header and query/
    );
    expect((within(warnings).getByRole('link', { name: '§3.5' }) as HTMLAnchorElement).href).toBe(
      'https://www.rfc-editor.org/rfc/rfc5849#section-3.5'
    );
  });

  it('without secrets the verdict is unverified and says what to give', async () => {
    renderDebugger();
    type('Paste the curl command', curlOf(authorization()));
    expect(await verdictWord()).toBe('unverified');
    expect((await verdict()).textContent).toMatch(/The signature was not checked: give the consumer secret/);
    expect(screen.getByRole('region', { name: 'Re-signed request' }).textContent).toMatch(/Give the consumer secret/);
    // No signature computed with an empty key: the trace stops at the base string.
    const trace = document.querySelector('details.dbg-trace')!;
    expect(trace.querySelector('[data-step="signature-base-string"]')).toBeTruthy();
    expect(trace.querySelector('[data-step="signature"]')).toBeNull();
    expect(trace.textContent).toMatch(/follow once the consumer secret is given/);
  });

  it('an RSA signature without its public key: the page asks for it, or names oauth-lab debug and the server base string', async () => {
    renderDebugger();
    const auth = authorization({ bodyLeftOut: false }).replace('HMAC-SHA1', 'RSA-SHA1');
    type('Paste the curl command', curlOf(auth));
    fillSecrets();
    expect(await verdictWord()).toBe('unverified');
    const note = screen.getByRole('note', { name: 'RSA verification' });
    expect(note.textContent).toMatch(/RSA-SHA1 is verified with the consumer's RSA public key/);
    expect(note.textContent).toContain('oauth-lab debug --rsa-public-key key.pem');
    expect(note.textContent).toMatch(/paste the base string the server printed/);
  });

  it('a base string the server printed is compared; a malformed one is named by its input and left aside', async () => {
    renderDebugger();
    type('Paste the curl command', curlOf(authorization({ bodyLeftOut: true })));
    fillSecrets();
    expect(await verdictWord()).toBe('mismatch');
    type('Base string the server printed', 'POST&https://api.x.com/1');
    await screen.findByText(
      /^Base string the server printed: This is not a signature base string: it has 2 parts separated by &, not 3\..* It is left aside until fixed\.$/,
      {},
      { timeout: 3000 }
    );
    expect(screen.getByRole('region', { name: 'Verdict' }).getAttribute('data-verdict')).toBe('mismatch');

    // The server's own base string (the RFC's, here): the comparison is against "server's".
    const { traceSignature } = await import('../../../../shared/oauth1');
    const { browserCrypto } = await import('../../../../renderer/platform/crypto');
    type('Base string the server printed', traceSignature(X, browserCrypto).baseString);
    await waitFor(
      () =>
        expect(screen.getByRole('figure', { name: 'Base strings compared' }).textContent).toMatch(
          /lower line: server's/
        ),
      { timeout: 3000 }
    );
  });

  it("the server's base string is the request's, the signatures differ: the verdict is that a secret is wrong", async () => {
    renderDebugger();
    type('Paste the curl command', curlOf(authorization()));
    type('Consumer secret', 'not-the-consumer-secret');
    type('Token secret', SECRETS.tokenSecret);
    const { traceSignature } = await import('../../../../shared/oauth1');
    const { browserCrypto } = await import('../../../../renderer/platform/crypto');
    type('Base string the server printed', traceSignature(X, browserCrypto).baseString);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Causes' })).toBeTruthy(), { timeout: 3000 });
    expect(within(causes()).getByRole('heading', { name: 'A secret is wrong' })).toBeTruthy();
    expect((await verdict()).textContent).toMatch(/The signature does not match \(HMAC-SHA1\)\. A secret is wrong\./);
    expect(document.body.textContent).not.toMatch(/give your client's base string/);
  });

  it('checks once typing pauses for 250 ms, keeping the last result meanwhile', async () => {
    vi.useFakeTimers();
    renderDebugger();
    type('Paste the curl command', curlOf(authorization()));
    fillSecrets();
    expect(screen.queryByRole('region', { name: 'Verdict' })).toBeNull();
    expect(screen.getByText('Checking…')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(200));
    expect(screen.queryByRole('region', { name: 'Verdict' })).toBeNull();
    act(() => void vi.advanceTimersByTime(60));
    expect(screen.getByRole('region', { name: 'Verdict' }).getAttribute('data-verdict')).toBe('match');

    type('Token secret', 'another');
    act(() => void vi.advanceTimersByTime(100));
    type('Token secret', 'another-one');
    act(() => void vi.advanceTimersByTime(200));
    // Still the last result while typing goes on.
    expect(screen.getByRole('region', { name: 'Verdict' }).getAttribute('data-verdict')).toBe('match');
    act(() => void vi.advanceTimersByTime(60));
    expect(screen.getByRole('region', { name: 'Verdict' }).getAttribute('data-verdict')).toBe('mismatch');
    expect(screen.queryByText('Checking…')).toBeNull();
  });

  it('tabs move with the arrow keys and keep what was typed in each form', async () => {
    renderDebugger();
    type('Paste the curl command', 'curl https://a.example/');
    const curlTab = screen.getByRole('tab', { name: 'curl command' });
    fireEvent.keyDown(curlTab, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Fields' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Fields' }));
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(
      screen.getByRole('tab', { name: 'Fields' }).id
    );
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Fields' }), { key: 'ArrowLeft' });
    expect(input('Paste the curl command').value).toBe('curl https://a.example/');
  });

  it('reveals the secrets on request, and PLAINTEXT signatures stay masked until then', async () => {
    renderDebugger();
    const plaintext = authorization({ input: { ...X, signatureMethod: 'PLAINTEXT' } });
    type('Paste the curl command', curlOf(plaintext));
    fillSecrets();
    expect(await verdictWord()).toBe('match');
    expect(document.querySelector('.dbg-result')!.textContent).not.toContain(SECRETS.tokenSecret);
    fireEvent.click(screen.getByRole('button', { name: 'Reveal the secrets' }));
    expect((input('Consumer secret') as HTMLInputElement).type).toBe('text');
    expect(screen.getByRole('region', { name: 'Verdict' }).textContent).toContain(
      `${SECRETS.consumerSecret}&${SECRETS.tokenSecret}`
    );
  });

  it('Clear empties the request and the secrets', async () => {
    renderDebugger();
    fireEvent.click(screen.getByRole('button', { name: 'Load an example' }));
    expect(await verdictWord()).toBe('mismatch');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(input('Paste the curl command').value).toBe('');
    expect(input('Consumer secret').value).toBe('');
    expect(screen.getByRole('region', { name: 'How to start' })).toBeTruthy();
  });
});

describe('Load an example', () => {
  it('brings the verdict into view once it comes (it is below the fold on a laptop screen)', async () => {
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      renderDebugger();
      fireEvent.click(screen.getByRole('button', { name: 'Load an example' }));
      const v = await verdict();
      await waitFor(() => expect(scrolled).toContain(v));
      // Typing afterwards does not pull the page back to the verdict.
      const before = scrolled.length;
      type('Consumer secret', 'other');
      const status = () => document.querySelector('.dbg-status')!.textContent;
      expect(status()).toBe('Checking…');
      await waitFor(() => expect(status()).toBe(''), { timeout: 3000 });
      expect(scrolled.length).toBe(before);
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});
