// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectPartMasked } from '../masked-field';
import { exchangeOf, fakeBridge, renderSigner } from './fixtures';

afterEach(cleanup);

const token = {
  id: 't2',
  profileId: 'mock',
  kind: 'oauth2' as const,
  token: 'at-saved-1',
  tokenSecret: '',
  refreshToken: '',
  scope: '',
  obtainedAt: 0,
  expiresAt: null,
  label: 'demo',
};
const SUBJECT = 'subj-t0ken-5150';
const BODY = `{"subject_token": "${SUBJECT}", "note": "hi"}`;

describe("the Request signer's bearer body (BearerPanel.tsx)", () => {
  it('a token in the body is masked until Reveal (RFC 6750 §5.3); the request is sent with the body as pasted', async () => {
    const bridge = fakeBridge({ tokens: [token], exchange: exchangeOf(200, 'OK', '{}') });
    renderSigner(bridge);
    fireEvent.click(screen.getByRole('button', { name: 'OAuth 2 bearer token' }));
    const field = await screen.findByLabelText('Body (optional)');
    fireEvent.change(field, { target: { value: BODY } });
    expectPartMasked(field, SUBJECT, ['"subject_token": "', '"note": "hi"']);
    const send = screen.getByRole('button', { name: 'Send with the saved token' });
    await waitFor(() => expect((send as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(send);
    await waitFor(() => expect(bridge.httpSend).toHaveBeenCalled());
    const sent = (bridge.httpSend.mock.calls[0] as unknown as [{ request: { body?: string } }])[0].request;
    expect(sent.body).toBe(BODY);
    fireEvent.click(screen.getByRole('button', { name: 'Reveal body' }));
    expect((field as HTMLTextAreaElement).value).toBe(BODY);
  });
});
