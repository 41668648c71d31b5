// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FORM_CONTENT_TYPE } from '../../../../shared/url-encoded';
import { expectPartMasked } from '../masked-field';
import { authorization, BODY, rawOf, renderDebugger, SECRETS, URL_ } from './fixtures';

/**
 * The signature debugger's pasted request (raw HTTP, curl, or its Authorization header and body) shows its secrets
 * masked until Reveal, by the one list of secrets (shared/secrets.ts): a bearer credential, a cookie, a PLAINTEXT
 * signature, a token in the body. The debugger reads the request as pasted.
 */
afterEach(cleanup);

const input = (name: string) => screen.getByLabelText(name) as HTMLInputElement | HTMLTextAreaElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const verdict = () => screen.findByRole('region', { name: 'Verdict' }, { timeout: 3000 });

describe('the signature debugger: a pasted request masked until Reveal', () => {
  it('a curl command with a bearer token: the token masked, the debugger still names what is wrong', async () => {
    renderDebugger();
    const curl = "curl -H 'Authorization: Bearer b3arer-t0ken-42' https://api.x.com/1";
    type('Paste the curl command', curl);
    await screen.findByText(
      /^curl command: The request carries no oauth_\* parameters \(its Authorization header uses "Bearer", not OAuth\)/,
      {},
      { timeout: 3000 }
    );
    expectPartMasked(input('Paste the curl command'), 'b3arer-t0ken-42', [
      "curl -H 'Authorization: Bearer ",
      'api.x.com/1',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Reveal curl command' }));
    expect(input('Paste the curl command').value).toBe(curl);
  });

  it('a raw HTTP request with a session cookie: the cookie masked, the request still read and judged a match', async () => {
    renderDebugger();
    fireEvent.click(screen.getByRole('tab', { name: 'Raw HTTP request' }));
    const raw = rawOf(authorization()).replace('Host: api.x.com', 'Host: api.x.com\r\nCookie: sid=s3ssion-c00kie');
    type('Paste the raw HTTP request', raw);
    type('Consumer secret', SECRETS.consumerSecret);
    type('Token secret', SECRETS.tokenSecret);
    expect((await verdict()).getAttribute('data-verdict')).toBe('match');
    expectPartMasked(input('Paste the raw HTTP request'), 's3ssion-c00kie', ['Cookie: sid=', 'oauth_signature=']);
    fireEvent.click(screen.getByRole('button', { name: 'Reveal raw HTTP request' }));
    expect(input('Paste the raw HTTP request').value).toBe(raw);
  });

  it('fields: a PLAINTEXT signature in the Authorization header and a token in the body are masked; the mistake is named', async () => {
    renderDebugger();
    fireEvent.click(screen.getByRole('tab', { name: 'Fields' }));
    type('Method', 'POST');
    type('URL', URL_);
    const auth =
      'OAuth oauth_consumer_key="k", oauth_nonce="n", oauth_signature_method="PLAINTEXT", oauth_timestamp="1", oauth_signature="wr0ng-s3cret%26"';
    type('Authorization header', auth);
    type('Body', `${BODY}&access_token=b0dy-t0ken-77`);
    type('Content type', FORM_CONTENT_TYPE);
    type('Consumer secret', 'right-secret');
    expect((await verdict()).getAttribute('data-verdict')).toBe('mismatch');
    expectPartMasked(input('Authorization header'), 'wr0ng-s3cret', ['oauth_signature_method="PLAINTEXT"']);
    expectPartMasked(input('Body'), 'b0dy-t0ken-77', ['access_token=']);
    fireEvent.click(screen.getByRole('button', { name: 'Reveal Authorization header' }));
    expect(input('Authorization header').value).toBe(auth);
    fireEvent.click(screen.getByRole('button', { name: 'Reveal body' }));
    expect(input('Body').value).toBe(`${BODY}&access_token=b0dy-t0ken-77`);
    expect(within(await verdict()).getByText(/mismatch|Mismatch/)).toBeTruthy();
  });

  it('a PLAINTEXT signature made with other secrets is masked in the verdict too, until the secrets are revealed', async () => {
    renderDebugger();
    fireEvent.click(screen.getByRole('tab', { name: 'Fields' }));
    type('Method', 'POST');
    type('URL', URL_);
    type(
      'Authorization header',
      'OAuth oauth_consumer_key="k", oauth_nonce="n", oauth_signature_method="PLAINTEXT", oauth_timestamp="1", oauth_signature="0ther-c0nsumer%26t0ken-s3cret"'
    );
    type('Consumer secret', 'right-secret');
    const shown = await verdict();
    expect(shown.getAttribute('data-verdict')).toBe('mismatch');
    expect(shown.textContent).not.toMatch(/0ther-c0nsumer|t0ken-s3cret|right-secret/);
    fireEvent.click(screen.getByRole('button', { name: 'Reveal the secrets' }));
    expect(screen.getByRole('region', { name: 'Verdict' }).textContent).toContain('0ther-c0nsumer&t0ken-s3cret');
  });
});
