// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { percentEncode } from '../../../../shared/percent-encoding';
import { profileSchema } from '../../../../shared/store/profile';
import { exchangeOf, fakeBridge, MOCK_BASE, renderSigner } from './fixtures';

afterEach(cleanup);

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const stepText = (id: string) => document.querySelector(`[data-step="${id}"] pre`)?.textContent ?? null;
const httpText = () =>
  screen.getByText(
    (_, el) =>
      el?.tagName === 'PRE' && (el.textContent ?? '').includes('HTTP/1.1') && !(el.textContent ?? '').startsWith('curl')
  ).textContent!;

describe('SignerPage', () => {
  it('prefills from the active profile: the mock request token endpoint, its credentials and callback', async () => {
    renderSigner();
    await waitFor(() => expect(field('URL').value).toBe(`${MOCK_BASE}/oauth/v1/request_token`));
    expect(field('Method').value).toBe('POST');
    expect(field('Consumer key').value).toBe('oauth-lab-consumer');
    expect(field('Consumer secret').type).toBe('password');
    expect(field('oauth_callback').value).toBe('http://127.0.0.1:8765/callback');
    expect(field('oauth_nonce').value).toBe('01'.repeat(16));
    expect(field('oauth_timestamp').value).toBe('1700000000');
    expect(stepText('signature-base-string')).toContain(
      'POST&http%3A%2F%2F127.0.0.1%3A9999%2Foauth%2Fv1%2Frequest_token&'
    );
  });

  it('names the failing step when the URL is bad', async () => {
    renderSigner();
    await waitFor(() => expect(field('URL').value).not.toBe(''));
    fireEvent.change(field('URL'), { target: { value: 'not a url' } });
    const signed = screen.getByRole('region', { name: 'Signed request' });
    expect(within(signed).getByRole('alert').textContent).toMatch(
      /Step “Query parameters” \(query-parameters\) failed: Invalid URL "not a url"/
    );
    expect(field('URL').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/^URL: Invalid URL "not a url"/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
  });

  it('changes the signature when the consumer secret changes, and never shows the secret', async () => {
    renderSigner();
    await waitFor(() => expect(stepText('signature')).toBeTruthy());
    const before = stepText('signature');
    fireEvent.change(field('Consumer secret'), { target: { value: 'another-secret' } });
    const after = stepText('signature');
    expect(after).not.toBe(before);
    expect(stepText('signing-key')).not.toContain('another-secret');
    expect(httpText()).toContain(`oauth_signature="${percentEncode(after!)}"`);
    expect(document.body.textContent).not.toContain('another-secret');
  });

  it('warns that PLAINTEXT sends the secrets and masks the signature until revealed', async () => {
    renderSigner();
    await waitFor(() => expect(stepText('signature')).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Signature method'), { target: { value: 'PLAINTEXT' } });
    const warning = screen.getByRole('note', { name: 'PLAINTEXT warning' });
    expect(warning.textContent).toMatch(/PLAINTEXT sends your secrets/);
    expect(warning.textContent).toMatch(/this URL is plain http/);
    expect(document.body.textContent).not.toContain('oauth-lab-consumer-secret');
    fireEvent.click(within(warning).getByRole('button', { name: 'Reveal the signature' }));
    expect(httpText()).toContain('oauth_signature="oauth-lab-consumer-secret%26"');
    expect(stepText('signature')).toBe('oauth-lab-consumer-secret&');
  });

  it('gives a field error naming the field for a bad timestamp and does not send', async () => {
    const { bridge } = renderSigner();
    await waitFor(() => expect(stepText('signature')).toBeTruthy());
    fireEvent.change(field('oauth_timestamp'), { target: { value: 'soon' } });
    expect(
      screen.getByText('oauth_timestamp: the timestamp must be whole seconds since 1970 (digits only).')
    ).toBeTruthy();
    expect(field('oauth_timestamp').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true });
    expect(bridge.httpSend).not.toHaveBeenCalled();
  });

  it('sends the signed request shown, records it in the history and renews the nonce', async () => {
    const { bridge } = renderSigner();
    await waitFor(() => expect(stepText('signature')).toBeTruthy());
    const authorization = stepText('authorization-header');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    await screen.findByText('The server accepted the request: 200 OK.');
    const sent = (bridge.httpSend.mock.calls[0] as unknown as [{ request: { headers: [string, string][] } }])[0]
      .request;
    expect(sent.headers).toContainEqual(['Authorization', authorization]);
    expect(bridge.recorded).toEqual([
      expect.objectContaining({ flow: 'signer', profileId: 'mock', outcome: 'succeeded' }),
    ]);
    expect(screen.getByRole('region', { name: 'Response' })).toBeTruthy();
  });

  it('sends with Ctrl+Enter and shows oauth_problem from a 401', async () => {
    const bridge = fakeBridge({
      exchange: exchangeOf(401, 'Unauthorized', 'oauth_problem=signature_invalid&oauth_problem_advice=x'),
    });
    renderSigner(bridge);
    await waitFor(() => expect(stepText('signature')).toBeTruthy());
    await act(async () => fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true }));
    await screen.findByText('The server answered 401 Unauthorized: signature_invalid: x.');
    expect(bridge.recorded).toEqual([expect.objectContaining({ outcome: 'failed' })]);
  });

  it('prefills a saved token of the profile', async () => {
    const token = {
      id: 't1',
      profileId: 'mock',
      kind: 'oauth1' as const,
      token: 'at-123',
      tokenSecret: 'ts-456',
      refreshToken: '',
      scope: '',
      obtainedAt: 0,
      expiresAt: null,
      label: 'demo',
    };
    renderSigner(fakeBridge({ tokens: [token] }));
    const select = screen.getByLabelText('Saved token') as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    fireEvent.change(select, { target: { value: 't1' } });
    expect(field('Token').value).toBe('at-123');
    expect(field('Token secret').value).toBe('ts-456');
    expect(stepText('signature-base-string')).toContain('oauth_token%3Dat-123');
  });

  it('signs RSA in the host and names the step the host reports', async () => {
    const { bridge } = renderSigner();
    await waitFor(() => expect(stepText('signature')).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Signature method'), { target: { value: 'RSA-SHA256' } });
    fireEvent.change(screen.getByLabelText('RSA private key (PEM)'), {
      target: { value: '-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----' },
    });
    await waitFor(() =>
      expect(bridge.oauth1Trace).toHaveBeenCalledWith(
        expect.objectContaining({
          signatureMethod: 'RSA-SHA256',
          privateKeyPem: expect.stringContaining('PRIVATE KEY'),
        })
      )
    );
    const signed = screen.getByRole('region', { name: 'Signed request' });
    await waitFor(() =>
      expect(within(signed).getByRole('alert').textContent).toMatch(
        /Step “Signature” \(signature\) failed: The RSA private key could not be used/
      )
    );
  });

  it('adds oauth_body_hash for a raw body', async () => {
    renderSigner();
    await waitFor(() => expect(stepText('signature')).toBeTruthy());
    fireEvent.click(screen.getByRole('radio', { name: 'Raw' }));
    fireEvent.change(screen.getByLabelText('Raw body'), { target: { value: '{"a":1}' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Add oauth_body_hash/ }));
    expect(stepText('body-hash')).toBeTruthy();
    expect(httpText()).toContain('Content-Type: application/json');
    expect(httpText()).toContain('oauth_body_hash=');
  });
});

describe('SignerPage: the protocol it opens on', () => {
  it('opens on the OAuth 2 bearer token for a profile with OAuth 2 credentials only, with no failure shown', async () => {
    const github = profileSchema.parse({
      id: 'gh',
      name: 'GitHub',
      baseUrl: 'https://github.com',
      oauth2: { clientId: 'Iv1.abc', clientSecret: 'gh-secret' },
    });
    renderSigner(fakeBridge(), github);
    const credentials = document.querySelector('.signer-mode') as HTMLElement;
    await waitFor(() =>
      expect(
        within(credentials).getByRole('button', { name: 'OAuth 2 bearer token' }).getAttribute('aria-pressed')
      ).toBe('true')
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens on the OAuth 1.0a signature for a profile with OAuth 1.0a credentials', async () => {
    renderSigner();
    const credentials = document.querySelector('.signer-mode') as HTMLElement;
    expect(within(credentials).getByRole('button', { name: 'OAuth 1.0a signature' }).getAttribute('aria-pressed')).toBe(
      'true'
    );
    await waitFor(() => expect(field('Consumer key').value).toBe('oauth-lab-consumer'));
  });
});
