// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderDebugger } from './fixtures';

afterEach(cleanup);

const type = (name: string, value: string) => fireEvent.change(screen.getByLabelText(name), { target: { value } });

/** The request and the base string PECL's OAuthProvider printed for it (recorded from php -S with php-oauth 2.0.7). */
const CURL = `curl -X POST 'http://127.0.0.1:18765/x?a.b=1&q=1&q=2' -H 'Authorization: OAuth oauth_consumer_key="ck", oauth_token="tk", oauth_signature_method="HMAC-SHA1", oauth_signature="abc", oauth_timestamp="1", oauth_nonce="n", oauth_version="1.0"' -H 'Content-Type: application/x-www-form-urlencoded' --data-raw 'sp+ace=2&q=3'`;
const PECL_BASE =
  'POST&http%3A%2F%2F127.0.0.1%3A18765%2Fx&a.b%3D1%26a_b%3D1%26oauth_consumer_key%3Dck%26oauth_nonce%3Dn%26oauth_signature_method%3DHMAC-SHA1%26oauth_timestamp%3D1%26oauth_token%3Dtk%26oauth_version%3D1.0%26q%3D2%26sp_ace%3D2';

describe('DebuggerPage: known library behaviour', () => {
  it('names the server library whose base string the server printed', async () => {
    renderDebugger();
    type('Paste the curl command', CURL);
    type('Consumer secret', 'cs');
    type('Token secret', 'ts');
    type('Base string the server printed', PECL_BASE);
    const section = await screen.findByRole(
      'region',
      { name: 'Known library behaviour: the server' },
      { timeout: 3000 }
    );
    expect(section.textContent).toContain('The server verifies like PECL oauth 2.0.7');
    expect([...section.querySelectorAll('[data-behaviour]')].map((e) => e.getAttribute('data-behaviour'))).toEqual([
      'S1',
    ]);
    expect(within(section).getByRole('link', { name: '§3.4.1.3.1' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Verdict' }).textContent).toMatch(
        /Your server verifies like PECL oauth 2\.0\.7/
      )
    );
  });
});
