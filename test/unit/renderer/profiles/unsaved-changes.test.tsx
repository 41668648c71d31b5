// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockProfile, renderPage, userProfile } from './fake-bridge';

afterEach(cleanup);

/** The Staging profile open in the form, as when it is the active one. */
async function editingStaging() {
  const user = userEvent.setup();
  const view = renderPage({ profiles: [mockProfile(), userProfile()], activeProfileId: 'p-1' });
  const form = await screen.findByRole('form', { name: 'Edit Staging' });
  return {
    user,
    view,
    form,
    field: (label: string) => within(screen.getByRole('form')).getByLabelText(label) as HTMLInputElement,
  };
}

/** The words next to the Save (or Create) button, in the form's action bar. */
const unsavedNote = () => {
  const save = screen.queryByRole('button', { name: 'Save' }) ?? screen.getByRole('button', { name: 'Create profile' });
  return within(save.parentElement!).queryByText('Unsaved changes');
};

describe('Profiles: unsaved changes', () => {
  it('says "Unsaved changes" by the Save button once a value differs from the saved one, and not once it is typed back', async () => {
    const { user, field } = await editingStaging();
    expect(unsavedNote()).toBeNull();
    await user.type(field('Scope'), 'read');
    expect(unsavedNote()).not.toBeNull();
    await user.clear(field('Scope'));
    expect(unsavedNote()).toBeNull();

    await user.click(screen.getByRole('button', { name: 'New profile' }));
    await screen.findByRole('form', { name: 'New profile' });
    expect(unsavedNote()).toBeNull();
    await user.type(field('Name'), 'P');
    expect(unsavedNote()).not.toBeNull();
  });

  it('asks before another profile replaces a changed draft: Keep editing keeps every value, Discard changes opens the other', async () => {
    const { user, view, field } = await editingStaging();
    await user.type(field('Scope'), 'read');
    await user.type(field('Consumer secret'), '-more');
    await user.click(screen.getByRole('button', { name: 'Edit Mock provider' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Discard your unsaved changes to “Staging”?' });
    expect(within(dialog).getByText(/Editing “Mock provider” replaces the form/)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('form', { name: 'Edit Staging' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Mock provider' }));
    expect(field('Scope').value).toBe('read');
    expect(field('Consumer secret').value).toBe('typed-consumer-secret-more');
    expect(field('Consumer secret').type).toBe('password');

    await user.click(screen.getByRole('button', { name: 'Edit Mock provider' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }));
    await screen.findByRole('form', { name: 'Edit Mock provider' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(view.fake.calls.some((c) => c.method === 'profileSave')).toBe(false);
    // Nothing changed now: switching back is immediate, to the saved values.
    await user.click(screen.getByRole('button', { name: 'Edit Staging' }));
    await screen.findByRole('form', { name: 'Edit Staging' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(field('Scope').value).toBe('');
  });

  it('asks before New profile replaces a changed draft (Escape keeps it), and before leaving an uncreated new profile', async () => {
    const { user, field } = await editingStaging();
    await user.type(field('Scope'), 'read');
    await user.click(screen.getByRole('button', { name: 'New profile' }));
    expect(screen.getByRole('alertdialog', { name: 'Discard your unsaved changes to “Staging”?' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(field('Scope').value).toBe('read');

    await user.click(screen.getByRole('button', { name: 'New profile' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }));
    await screen.findByRole('form', { name: 'New profile' });
    await user.type(field('Name'), 'Prod');
    await user.click(screen.getByRole('button', { name: 'Edit Staging' }));
    expect(screen.getByRole('alertdialog', { name: 'Discard the new profile “Prod”?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(field('Name').value).toBe('Prod');
  });

  it('keeps the changes on a second click of Edit for the same profile, and asks before Duplicate opens the copy', async () => {
    const { user, view, field } = await editingStaging();
    await user.type(field('Scope'), 'read');
    await user.click(screen.getByRole('button', { name: 'Edit Staging' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(field('Scope').value).toBe('read');

    await user.click(screen.getByRole('button', { name: 'Duplicate Mock provider' }));
    expect(screen.getByRole('alertdialog', { name: 'Discard your unsaved changes to “Staging”?' })).toBeTruthy();
    expect(view.fake.calls.some((c) => c.method === 'profileSave')).toBe(false);
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Discard changes' }));
    await screen.findByRole('form', { name: 'Edit Mock provider (copy)' });
  });

  it('says in the delete confirmation that the unsaved changes to that profile go too', async () => {
    const { user, field } = await editingStaging();
    await user.type(field('Scope'), 'read');
    await user.click(screen.getByRole('button', { name: 'Delete Staging' }));
    expect(
      within(screen.getByRole('alertdialog', { name: 'Delete “Staging”?' })).getByText(
        /and so do your unsaved changes to it/
      )
    ).toBeTruthy();
  });

  it('keeps the draft across leaving the page and coming back, while the app moved on; Save still saves it', async () => {
    const { user, view, field } = await editingStaging();
    await user.type(field('Scope'), 'read');
    await user.type(field('Consumer secret'), '-more');
    view.leave();
    expect(screen.queryByRole('form')).toBeNull();
    // Meanwhile another page made the mock active and a flow saved a token for Staging.
    view.stores.app.getState().profileChosen('mock');
    view.fake.tokens.push({
      id: 't1',
      profileId: 'p-1',
      kind: 'oauth2',
      token: 'bearer-one',
      tokenSecret: '',
      refreshToken: '',
      scope: 'read',
      obtainedAt: Date.UTC(2026, 0, 1),
      expiresAt: null,
      label: '',
    });
    view.comeBack();

    await screen.findByRole('form', { name: 'Edit Staging' });
    expect(field('Scope').value).toBe('read');
    expect(field('Consumer secret').type).toBe('password');
    expect(unsavedNote()).not.toBeNull();
    const tokens = await screen.findByRole('table');
    expect(within(tokens).queryByText('bearer-one')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved "Staging".');
    expect(view.fake.profiles.find((p) => p.id === 'p-1')).toMatchObject({
      oauth1: { consumerSecret: 'typed-consumer-secret-more' },
      oauth2: { scope: 'read' },
    });
    expect(view.stores.app.getState().activeProfileId).toBe('mock');
    expect(unsavedNote()).toBeNull();
  });
});
