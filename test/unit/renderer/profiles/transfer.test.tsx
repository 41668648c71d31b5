// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockProfile, renderPage, userProfile } from './fake-bridge';

afterEach(cleanup);

describe('Export and import', () => {
  it('exports without secrets by default, and with them only when ticked', async () => {
    const user = userEvent.setup();
    const view = renderPage({ profiles: [mockProfile(), userProfile()] });
    const part = screen.getByRole('region', { name: 'Export profiles' });
    const tick = within(part).getByRole('checkbox', { name: 'Include secrets' }) as HTMLInputElement;
    expect(tick.checked).toBe(false);
    await user.click(within(part).getByRole('button', { name: 'Export profiles' }));
    const json = await within(part).findByLabelText('Exported JSON');
    expect(view.fake.calls).toContainEqual({ method: 'profilesExport', input: { includeSecrets: false } });
    expect(json.textContent).toContain('"name": "Staging"');
    expect(json.textContent).not.toContain('typed-consumer-secret');
    expect(within(part).getByText(/1 profile, secrets left out/)).toBeTruthy();
    const link = within(part).getByRole('link', { name: 'Download oauth-lab-profiles.json' });
    expect(link.getAttribute('href')).toMatch(/^blob:/);
    expect(link.getAttribute('download')).toBe('oauth-lab-profiles.json');
    expect(within(part).getByRole('button', { name: 'Copy exported JSON' })).toBeTruthy();

    await user.click(tick);
    await user.click(within(part).getByRole('button', { name: 'Export profiles' }));
    expect(view.fake.calls).toContainEqual({ method: 'profilesExport', input: { includeSecrets: true } });
    await within(part).findByText(/secrets included: keep this file private/);
    expect(within(part).getByLabelText('Exported JSON').textContent).toContain('typed-consumer-secret');
  });

  it('imports pasted JSON, lists what was imported and renamed, and shows an error in words', async () => {
    const user = userEvent.setup();
    const view = renderPage({ profiles: [mockProfile(), userProfile()] });
    const part = screen.getByRole('region', { name: 'Import profiles' });
    view.fake.importAnswer = {
      ok: false,
      error: {
        code: 'invalid_input',
        message: 'The import is not JSON (Unexpected token); expected a profiles export from OAuth Lab.',
      },
    };
    await user.type(within(part).getByLabelText(/Paste a profiles export/), 'nope');
    await user.click(within(part).getByRole('button', { name: 'Import' }));
    expect((await within(part).findByRole('alert')).textContent).toMatch(/Not imported: The import is not JSON/);

    view.fake.importAnswer = {
      ok: true,
      value: { imported: [userProfile({ id: 'p-2', name: 'Staging (2)' })], renamed: ['"Staging" → "Staging (2)"'] },
    };
    await user.click(within(part).getByRole('button', { name: 'Import' }));
    const status = await within(part).findByRole('status');
    expect(status.textContent).toContain('Imported 1 profile: Staging (2).');
    expect(status.textContent).toContain('"Staging" → "Staging (2)"');
    expect(view.fake.calls.filter((c) => c.method === 'profilesImport').at(-1)).toEqual({
      method: 'profilesImport',
      input: { json: 'nope' },
    });
    await screen.findByRole('listitem', { name: 'Staging (2)' });
    expect(view.stores.app.getState().profiles.map((p) => p.name)).toContain('Staging (2)');
  });
});
