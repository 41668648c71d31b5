// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Profile } from '../../../../shared/store/profile';
import { OAUTH1_PRESETS } from '../../../../shared/presets/oauth1-presets';
import { renderPage } from './fake-bridge';

afterEach(cleanup);

const PEM =
  '-----BEGIN PRIVATE KEY-----\nMIIBVQIBADANBgkqhkiG9w0BAQEFAASCAT8wggE7AgEAAkEA\n-----END PRIVATE KEY-----\n';

describe('Profiles page: presets and a key from a file', () => {
  it("New from a preset fills the provider's settings, shows its documentation, and saves them with the typed credentials", async () => {
    const user = userEvent.setup();
    const { fake } = renderPage();
    await user.selectOptions(screen.getByRole('combobox', { name: 'New profile from a provider preset' }), 'Google');
    const form = screen.getByRole('form', { name: 'New profile' });
    const note = within(form).getByRole('note', { name: 'Google preset' });
    expect(
      within(note)
        .getByRole('link', { name: 'developers.google.com/identity/protocols/oauth2/web-server' })
        .getAttribute('href')
    ).toBe('https://developers.google.com/identity/protocols/oauth2/web-server');
    expect((within(form).getByLabelText('OAuth 2 Authorize path') as HTMLInputElement).value).toBe(
      '/o/oauth2/v2/auth?access_type=offline&prompt=consent'
    );
    expect((within(form).getByLabelText('Token path') as HTMLInputElement).value).toBe(
      'https://oauth2.googleapis.com/token'
    );
    await user.type(within(form).getByLabelText('Client ID'), 'my-id.apps.googleusercontent.com');
    await user.type(within(form).getByLabelText('Client secret'), 'my-secret');
    await user.click(within(form).getByRole('button', { name: 'Create profile' }));
    await waitFor(() => expect(fake.calls.some((c) => c.method === 'profileSave')).toBe(true));
    const saved = (fake.calls.find((c) => c.method === 'profileSave')!.input as { profile: Profile }).profile;
    expect(saved).toMatchObject({
      name: 'Google',
      baseUrl: 'https://accounts.google.com',
      oauth2: {
        clientId: 'my-id.apps.googleusercontent.com',
        tokenPath: 'https://oauth2.googleapis.com/token',
        grantTypeInAuthorization: false,
      },
    });
  });

  it('a machine-to-machine preset names its grant, and a public client is asked for its client ID only', async () => {
    const user = userEvent.setup();
    renderPage();
    const presets = screen.getByRole('combobox', { name: 'New profile from a provider preset' });
    await user.selectOptions(presets, 'GitHub (device flow)');
    const device = within(screen.getByRole('form', { name: 'New profile' })).getByRole('note', {
      name: 'GitHub (device flow) preset',
    });
    expect(device.textContent).toMatch(/^GitHub \(device flow\) \(OAuth 2, device flow\): /);
    expect(device.textContent).toMatch(/Fill in your client ID\.Documentation/);
    await user.selectOptions(presets, 'Okta (client credentials)');
    const okta = within(screen.getByRole('form', { name: 'New profile' })).getByRole('note', {
      name: 'Okta (client credentials) preset',
    });
    expect(okta.textContent).toMatch(/\(OAuth 2, client credentials\): .*Fill in your client ID and secret\./);
  });

  it('loads the RSA private key from a PEM file, and says so when the file holds none', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    await user.click(screen.getByRole('button', { name: 'New profile' }));
    const form = screen.getByRole('form', { name: 'New profile' });
    const input = within(form).getByLabelText('Load RSA private key from a file…');
    await user.upload(input, new File(['not a key'], 'notes.txt', { type: 'text/plain' }));
    await within(form).findByText('notes.txt holds no PEM private key (-----BEGIN PRIVATE KEY-----).');
    await user.upload(input, new File([PEM], 'consumer.pem', { type: 'application/x-pem-file' }));
    await waitFor(() =>
      expect((within(form).getByLabelText('RSA private key') as HTMLTextAreaElement).value).toBe(PEM)
    );
    expect(within(form).queryByText(/holds no PEM private key/)).toBeNull();
  });
});

describe("Profiles page: a preset's protocol", () => {
  it('shows only the sections of the protocol the preset is for', async () => {
    const user = userEvent.setup();
    renderPage();
    const presets = screen.getByRole('combobox', { name: 'New profile from a provider preset' });
    await user.selectOptions(presets, 'GitHub');
    let form = screen.getByRole('form', { name: 'New profile' });
    expect(within(form).queryByRole('group', { name: 'OAuth 1.0a' })).toBeNull();
    expect(within(form).getByRole('group', { name: 'OAuth 2' })).toBeTruthy();
    await user.selectOptions(presets, OAUTH1_PRESETS[0]!.name);
    form = screen.getByRole('form', { name: 'New profile' });
    expect(within(form).getByRole('group', { name: 'OAuth 1.0a' })).toBeTruthy();
    expect(within(form).queryByRole('group', { name: 'OAuth 2' })).toBeNull();
  });
});
