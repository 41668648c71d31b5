// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockProfile, renderPage, userProfile } from './fake-bridge';

afterEach(cleanup);

describe('Profile list', () => {
  it('lists the mock first, marks the active profile, and Use makes another one active', async () => {
    const user = userEvent.setup();
    const view = renderPage({ profiles: [mockProfile(), userProfile()] });
    const items = within(screen.getByRole('list', { name: 'Profiles' })).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['Mock provider', 'Staging']);
    expect(items[0]!.getAttribute('aria-current')).toBe('true');
    expect(within(items[0]!).getByText('active')).toBeTruthy();
    expect(within(items[0]!).queryByRole('button', { name: /^Delete/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Use Staging' }));
    expect(view.stores.app.getState().activeProfileId).toBe('p-1');
    expect(view.fake.calls).toContainEqual({ method: 'settingsUpdate', input: { activeProfileId: 'p-1' } });
    expect(screen.getByRole('listitem', { name: 'Staging' }).getAttribute('aria-current')).toBe('true');
  });

  it('asks in the page before deleting, naming the profile; Cancel keeps it, confirming deletes it', async () => {
    const user = userEvent.setup();
    const view = renderPage({ profiles: [mockProfile(), userProfile()], activeProfileId: 'p-1' });
    await user.click(screen.getByRole('button', { name: 'Delete Staging' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete “Staging”?' });
    expect(within(dialog).getByText(/saved tokens go with it/)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete Staging' }));
    expect(view.fake.calls.some((c) => c.method === 'profileDelete')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete Staging' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Delete Staging' }));
    await user.click(screen.getByRole('button', { name: 'Delete Staging' }));
    await screen.findByText('Deleted "Staging" and its saved tokens.');
    expect(view.fake.calls).toContainEqual({ method: 'profileDelete', input: { id: 'p-1' } });
    expect(screen.queryByRole('listitem', { name: 'Staging' })).toBeNull();
    expect(view.stores.app.getState().profiles.map((p) => p.id)).toEqual(['mock']);
    // The active profile went, so the mock is active again.
    expect(view.stores.app.getState().activeProfileId).toBe('mock');
  });

  it('duplicates with a new id and "X (copy)"; a copy of the mock follows the mock, whose port changes on every start', async () => {
    const user = userEvent.setup();
    const view = renderPage({ profiles: [mockProfile(), userProfile()] });
    await user.click(screen.getByRole('button', { name: 'Duplicate Staging' }));
    await screen.findByRole('listitem', { name: 'Staging (copy)' });
    const copy = view.fake.profiles.find((p) => p.name === 'Staging (copy)')!;
    expect(copy.id).not.toBe('p-1');
    expect(copy.oauth1.consumerSecret).toBe('typed-consumer-secret');
    await user.click(screen.getByRole('button', { name: 'Duplicate Staging' }));
    await screen.findByRole('listitem', { name: 'Staging (copy 2)' });
    await user.click(screen.getByRole('button', { name: 'Duplicate Mock provider' }));
    await screen.findByRole('listitem', { name: 'Mock provider (copy)' });
    expect(view.fake.profiles.find((p) => p.name === 'Mock provider (copy)')).toMatchObject({
      builtIn: false,
      followsMock: true,
      baseUrl: '',
    });
    expect(view.stores.app.getState().profiles).toHaveLength(5);
    const copy2 = () => screen.getByRole('listitem', { name: 'Mock provider (copy)' });
    expect(copy2().textContent).toContain('embedded mock · http://127.0.0.1:40001');
    // Stop/Start gives the mock another port: the copy follows it.
    act(() => view.stores.app.setState({ mock: { running: true, baseUrl: 'http://127.0.0.1:40002' } }));
    expect(copy2().textContent).toContain('embedded mock · http://127.0.0.1:40002');
  });

  it('lists saved tokens masked, with kind, obtained and expiry, and deletes one', async () => {
    const user = userEvent.setup();
    const obtainedAt = Date.UTC(2026, 0, 1);
    const view = renderPage({
      profiles: [mockProfile(), userProfile()],
      activeProfileId: 'p-1',
      now: obtainedAt + 1000,
      tokens: [
        {
          id: 't1',
          profileId: 'p-1',
          kind: 'oauth1',
          token: 'access-token-one',
          tokenSecret: 'ts',
          refreshToken: '',
          scope: '',
          obtainedAt,
          expiresAt: null,
          label: '',
        },
        {
          id: 't2',
          profileId: 'p-1',
          kind: 'oauth2',
          token: 'bearer-two',
          tokenSecret: '',
          refreshToken: 'r',
          scope: 'read',
          obtainedAt,
          expiresAt: obtainedAt + 3600_000,
          label: '',
        },
      ],
    });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('does not expire')).toBeTruthy();
    expect(within(table).getByText('OAuth 1.0a')).toBeTruthy();
    expect(within(table).queryByText('access-token-one')).toBeNull();
    await user.click(within(table).getByRole('button', { name: 'Reveal OAuth 1.0a token' }));
    expect(within(table).getByText('access-token-one')).toBeTruthy();
    await user.click(within(table).getAllByRole('button', { name: /^Delete OAuth 2 token/ })[0]!);
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('OAuth 2')).toBeNull());
    expect(view.fake.calls).toContainEqual({ method: 'tokenDelete', input: { id: 't2' } });
  });

  it('says where secrets are kept', () => {
    renderPage({ secretStorage: 'encrypted' });
    expect(screen.getByText(/stored encrypted with the system keychain/)).toBeTruthy();
    cleanup();
    renderPage({ secretStorage: 'file' });
    expect(screen.getByText(/stored in a file only you can read/)).toBeTruthy();
  });
});
