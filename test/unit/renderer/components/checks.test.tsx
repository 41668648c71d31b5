// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Checks } from '../../../../renderer/components/Checks';
import { oauth1Flow } from '../../../../shared/flows';
import type { Exchange } from '../../../../shared/http';

afterEach(cleanup);

const exchange = (status: number, statusText: string, body: string, headers: [string, string][]): Exchange => ({
  request: { method: 'POST', url: 'http://127.0.0.1:9/oauth/v1/access_token', headers: [] },
  response: { status, statusText, headers, bodyText: body, bodySize: body.length },
  timings: { connect: null, tls: null, firstByte: null, total: 1 },
  startedAt: 0,
});

const withRequestToken = () => {
  const start = oauth1Flow.startOAuth1({
    baseUrl: 'http://127.0.0.1:9',
    consumerKey: 'k',
    consumerSecret: 's',
    callback: 'http://127.0.0.1:8765/callback',
    service: true,
  });
  return oauth1Flow.verifierEntered(
    oauth1Flow.interpretRequestToken(
      start,
      exchange(200, 'OK', 'oauth_token=rt&oauth_token_secret=rs&oauth_expires_in=600&oauth_callback_confirmed=true', [
        ['Content-Type', 'application/x-www-form-urlencoded'],
      ]),
      0
    ).state,
    'v'
  );
};

describe('Checks', () => {
  it('shows a refused leg as one decoded reason: the status fails, what only follows from it is greyed, notes are neutral', () => {
    const advice = 'The access token was revoked by the user.';
    const r = oauth1Flow.interpretAccessToken(
      withRequestToken(),
      exchange(401, 'Unauthorized', `oauth_problem=token_revoked&oauth_problem_advice=${encodeURIComponent(advice)}`, [
        ['Content-Type', 'application/x-www-form-urlencoded'],
        [
          'WWW-Authenticate',
          `OAuth realm="x", oauth_problem="token_revoked", oauth_problem_advice="${encodeURIComponent(advice)}"`,
        ],
      ]),
      1
    );
    expect(r.summary).toBe(
      'No access token: HTTP 401, the provider says: token_revoked: The access token was revoked by the user.'
    );
    expect(r.summary).not.toMatch(/%20|\.\.|WWW-Authenticate/);
    render(<Checks checks={r.checks} />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.className)).toEqual(['fail', 'pass', 'consequence', 'consequence']);
    expect(items[0]!.textContent).toBe('✗Failed:status HTTP 401 Unauthorized; expected 200.');
    expect(items[2]!.textContent).toMatch(/^–Follows from the failure above:oauth_token /);
  });
  it('marks notes as neither passed nor failed', () => {
    render(
      <Checks
        checks={[
          { name: 'expires_in', ok: true, kind: 'note', message: 'No expires_in.' },
          { name: 'access_token', ok: true, message: 'found.' },
        ]}
      />
    );
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.className)).toEqual(['note', 'pass']);
    expect(items[0]!.textContent).toBe('iNote:expires_in No expires_in.');
  });
});

describe('a warning among the checks', () => {
  it("is marked as a warning, not a pass or a failure, with the provider's words as text", () => {
    render(
      <Checks
        checks={[
          { name: 'status', ok: true, message: 'HTTP 200 OK' },
          { name: 'body', ok: true, kind: 'warning', message: 'HTTP 200, but the body says: <b>invalid_auth</b>.' },
        ]}
      />
    );
    const item = screen.getByText('body').closest('li')!;
    expect(item.className).toBe('warning');
    expect(item.textContent).toBe('!Warning:body HTTP 200, but the body says: <b>invalid_auth</b>.');
    expect(item.querySelector('b')).toBeNull();
  });
});
