// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SavedToken } from '../../../../shared/store/saved-token';
import { savedRefreshState, savedTokenState } from '../../../../renderer/state/profiles/saved-token-state';
import { mockProfile, renderPage, userProfile } from './fake-bridge';

afterEach(cleanup);

const obtainedAt = Date.UTC(2026, 0, 1);
const token = (over: Partial<SavedToken>): SavedToken => ({
  id: 't',
  profileId: 'mock',
  kind: 'oauth1',
  token: 'at-0000',
  tokenSecret: 'ts',
  refreshToken: '',
  scope: '',
  obtainedAt,
  expiresAt: null,
  label: '',
  ...over,
});

describe('savedTokenState', () => {
  it("takes the running mock's word for the mock's tokens", () => {
    const atMock = new Map([
      ['at-good', 'valid'],
      ['at-gone', 'deauthorized'],
      ['bt-old', 'expired'],
    ]);
    expect(savedTokenState(token({ token: 'at-good' }), obtainedAt, atMock)).toMatchObject({
      label: 'valid',
      tone: 'ok',
    });
    expect(savedTokenState(token({ token: 'at-gone' }), obtainedAt, atMock)).toMatchObject({
      label: 'deauthorized at the mock',
      tone: 'bad',
    });
    expect(savedTokenState(token({ token: 'bt-old', kind: 'oauth2' }), obtainedAt, atMock)).toMatchObject({
      label: 'expired at the mock',
      tone: 'bad',
    });
    expect(savedTokenState(token({ token: 'at-from-yesterday' }), obtainedAt, atMock)).toMatchObject({
      label: 'unknown to the mock',
      why: expect.stringMatching(/earlier run of the mock/),
    });
  });

  it('knows only the expiry for another server, and never calls its tokens valid', () => {
    expect(savedTokenState(token({ expiresAt: obtainedAt + 1000 }), obtainedAt + 2000, null)).toMatchObject({
      label: 'expired',
      tone: 'bad',
    });
    expect(savedTokenState(token({ expiresAt: obtainedAt + 5000 }), obtainedAt + 2000, null).label).toBe('not expired');
    expect(savedTokenState(token({}), obtainedAt, null).label).toBe('no expiry given');
  });
});

describe('savedRefreshState', () => {
  it('is refreshable only while nothing says the refresh token is gone', () => {
    const oauth2 = (over: Partial<SavedToken>) =>
      token({ kind: 'oauth2', tokenSecret: '', refreshToken: 'rt-1', ...over });
    expect(savedRefreshState(oauth2({ refreshToken: '' }), null)).toBeNull();
    expect(savedRefreshState(oauth2({}), null)).toMatchObject({ label: 'refreshable', tone: 'muted' });
    expect(savedRefreshState(oauth2({ refused: 'refresh_refused' }), null)).toMatchObject({
      label: 'refresh refused',
      tone: 'bad',
    });
    expect(savedRefreshState(oauth2({ refused: 'rotated' }), null)).toMatchObject({
      label: 'refresh token rotated away',
      tone: 'bad',
    });
    expect(savedRefreshState(oauth2({}), new Map([['rt-1', 'rotated']]))).toMatchObject({
      label: 'refresh token rotated at the mock',
      tone: 'bad',
    });
    expect(savedRefreshState(oauth2({}), new Map([['rt-1', 'valid']]))).toMatchObject({ tone: 'ok' });
  });

  it('a token the server refused as revoked is revoked, whatever its expiry says', () => {
    expect(savedTokenState(token({ refused: 'revoked' }), obtainedAt, null)).toMatchObject({
      label: 'revoked',
      tone: 'bad',
    });
  });
});

describe('the saved tokens of the mock profile', () => {
  it("shows each one's state at the mock and its last four characters, without revealing it", async () => {
    const view = renderPage({
      profiles: [mockProfile(), userProfile()],
      activeProfileId: 'mock',
      tokens: [
        {
          id: 't1',
          profileId: 'mock',
          kind: 'oauth1',
          token: 'at-live-9f3a',
          tokenSecret: 'ts',
          refreshToken: '',
          scope: '',
          obtainedAt,
          expiresAt: null,
          label: '',
        },
        {
          id: 't2',
          profileId: 'mock',
          kind: 'oauth1',
          token: 'at-dead-77c1',
          tokenSecret: 'ts',
          refreshToken: '',
          scope: '',
          obtainedAt,
          expiresAt: null,
          label: '',
        },
        {
          id: 't3',
          profileId: 'mock',
          kind: 'oauth1',
          token: 'at-prev-run-0b2e',
          tokenSecret: 'ts',
          refreshToken: '',
          scope: '',
          obtainedAt,
          expiresAt: null,
          label: '',
        },
      ],
    });
    view.fake.mockTokens.oauth1 = [
      { token: 'at-live-9f3a', status: 'valid' },
      { token: 'at-dead-77c1', status: 'deauthorized' },
    ];
    const table = await screen.findByRole('table');
    const row = (end: string) =>
      within(table)
        .getByText(new RegExp(`^…${end} \\(\\d+ chars\\)$`))
        .closest('tr')!;
    await waitFor(() => expect(row('9f3a').textContent).toContain('valid'));
    expect(row('77c1').textContent).toContain('deauthorized at the mock');
    expect(row('0b2e').textContent).toContain('unknown to the mock');
    expect(table.textContent).not.toContain('at-live-9f3a');
  });
});

describe("another server's saved OAuth 2 tokens", () => {
  it('say when the server refused a refresh token or a refresh rotated it away', async () => {
    const oauth2 = (id: string, value: string, refused?: SavedToken['refused']): SavedToken => ({
      ...token({ id, profileId: 'p-1', kind: 'oauth2', token: value, tokenSecret: '', refreshToken: `r-${value}` }),
      ...(refused ? { refused } : {}),
    });
    renderPage({
      profiles: [mockProfile(), userProfile()],
      activeProfileId: 'p-1',
      tokens: [
        oauth2('a', 'at-plain-1111'),
        oauth2('b', 'at-turn-2222', 'rotated'),
        oauth2('c', 'at-gone-3333', 'refresh_refused'),
      ],
    });
    const table = await screen.findByRole('table');
    const row = (end: string) =>
      within(table)
        .getByText(new RegExp(`^…${end} \\(\\d+ chars\\)$`))
        .closest('tr')!;
    expect(row('1111').textContent).toContain('with refresh token');
    expect(row('2222').textContent).toContain('refresh token rotated away');
    expect(row('3333').textContent).toContain('refresh refused');
  });
});
