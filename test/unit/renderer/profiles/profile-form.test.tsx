// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultMockProfile } from '../../../../host/store/mock-profile';
import { DEFAULT_CLIENT_PRIVATE_JWK } from '../../../../mock-provider/default-credentials';
import { expectMasked } from '../masked-field';
import { mockProfile, renderPage, userProfile } from './fake-bridge';

afterEach(cleanup);

/** The message shown next to a field: the element its input's aria-describedby names. */
function messageOf(input: HTMLElement): string {
  const id = input.getAttribute('aria-describedby');
  if (!id) return '';
  return document.getElementById(id)?.textContent ?? '';
}

const newForm = async () => {
  const user = userEvent.setup();
  const view = renderPage();
  await user.click(screen.getByRole('button', { name: 'New profile' }));
  const form = screen.getByRole('form', { name: 'New profile' });
  return { user, view, form, field: (name: string | RegExp) => within(form).getByLabelText(name) };
};

describe('Profile form: bad input, validated as typed', () => {
  it('names the field and what is expected: empty name, bad base URL, port 70000', async () => {
    const { user, field } = await newForm();
    const name = field('Name');
    await user.type(name, 'x');
    await user.clear(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(name)).toBe('Name: the name is empty');

    const baseUrl = field('Base URL');
    await user.type(baseUrl, 'api.example.com');
    expect(messageOf(baseUrl)).toMatch(/^Base URL: .*expected an absolute URL starting with http:\/\/ or https:\/\//);
    await user.clear(baseUrl);
    await user.type(baseUrl, 'ftp://api.example.com');
    expect(messageOf(baseUrl)).toMatch(/^Base URL: .*scheme "ftp" is not supported; expected http or https/);

    const port = field('Callback port');
    await user.clear(port);
    await user.type(port, '70000');
    expect(messageOf(port)).toBe('Callback port: the port must be 0 (any free port) to 65535');
    await user.clear(port);
    await user.type(port, '80a');
    expect(messageOf(port)).toBe('Callback port: expected a whole number from 0 (any free port) to 65535');
    await user.clear(port);
    await user.type(port, '8765');
    expect(port.getAttribute('aria-invalid')).toBeNull();
    expect(messageOf(port)).toBe('');
  });

  it('shows only the fields the user touched until Create is pressed, then every problem and saves nothing', async () => {
    const { user, view, form, field } = await newForm();
    expect(within(form).queryByText(/the name is empty/)).toBeNull();
    await user.clear(field('Token path'));
    await user.type(field('Token path'), 'token');
    expect(messageOf(field('Token path'))).toBe(
      'The token path must be a path starting with "/" or a full http:// or https:// URL; got "token"'
    );
    await user.click(within(form).getByRole('button', { name: 'Create profile' }));
    expect(messageOf(field('Name'))).toBe('Name: the name is empty');
    expect(messageOf(field('Base URL'))).toBe(
      'Base URL: the base URL is empty; expected an absolute http:// or https:// URL'
    );
    expect(screen.getByRole('status').textContent).toMatch(/Not saved: correct the fields marked below/);
    expect(view.fake.calls.some((c) => c.method === 'profileSave')).toBe(false);
  });

  it("shows the bridge's invalid_input answer next to the field it concerns", async () => {
    const { user, view, field } = await newForm();
    view.fake.saveAnswer = {
      ok: false,
      error: {
        code: 'invalid_input',
        message: 'profileSave: profile.oauth1.realm: the realm is refused',
        details: { issues: [{ path: ['profile', 'oauth1', 'realm'], message: 'the realm is refused' }] },
      },
    };
    await user.type(field('Name'), 'Real');
    await user.type(field('Base URL'), 'https://api.example.com');
    await user.click(screen.getByRole('button', { name: 'Create profile' }));
    await waitFor(() => expect(messageOf(field('Realm'))).toBe('Realm: the realm is refused'));
    await user.type(field('Realm'), 'x');
    expect(messageOf(field('Realm'))).toBe('');
  });

  it('creates a real-server profile from what was typed, lists it and tells the app', async () => {
    const { user, view, field } = await newForm();
    await user.type(field('Name'), 'Staging');
    await user.type(field('Base URL'), 'https://staging.example.com');
    await user.type(field('Consumer key'), 'key-1');
    const secret = field('Consumer secret');
    expect(secret.getAttribute('type')).toBe('password');
    await user.type(secret, 's3cret');
    await user.click(screen.getByRole('button', { name: 'Reveal consumer secret' }));
    expect(secret.getAttribute('type')).toBe('text');
    await user.selectOptions(field('Signature method'), 'HMAC-SHA256');
    await user.selectOptions(field('PKCE'), 'plain');
    await user.click(field('Allow self-signed certificates'));
    await user.click(screen.getByRole('button', { name: 'Create profile' }));
    await screen.findByText(/Created "Staging"/);
    const save = view.fake.calls.find((c) => c.method === 'profileSave')!.input as { profile: Record<string, any> };
    expect(save.profile).toMatchObject({
      name: 'Staging',
      baseUrl: 'https://staging.example.com',
      builtIn: false,
      callbackPort: 8765,
      allowSelfSigned: true,
      oauth1: { consumerKey: 'key-1', consumerSecret: 's3cret', signatureMethod: 'HMAC-SHA256' },
      oauth2: { pkce: 'plain' },
    });
    expect(save.profile.id).toMatch(/^p-[0-9a-f]{16}$/);
    expect(view.stores.app.getState().profiles.map((p) => p.name)).toEqual(['Mock provider', 'Staging']);
    expect(screen.getByRole('listitem', { name: 'Staging' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Edit Staging' })).toBeTruthy();
  });

  it('shows the mock profile read-only except callback and options, and says why', async () => {
    renderPage({ profiles: [mockProfile(), userProfile()] });
    const form = await screen.findByRole('form', { name: 'Edit Mock provider' });
    expect(within(form).getByText(/come from the running mock/)).toBeTruthy();
    const readOnly = (label: string) => (within(form).getByLabelText(label) as HTMLInputElement).readOnly;
    expect((within(form).getByLabelText('Base URL') as HTMLInputElement).value).toBe('http://127.0.0.1:40001');
    for (const label of [
      'Name',
      'Base URL',
      'Consumer key',
      'Consumer secret',
      'Client ID',
      'Client secret',
      'OAuth 1.0a Authorize path',
      'Token path',
    ])
      expect(readOnly(label), label).toBe(true);
    for (const label of ['Callback port', 'Callback path', 'Realm', 'Scope', 'Timeout (ms)'])
      expect(readOnly(label), label).toBe(false);
    expect((within(form).getByLabelText('Signature method') as HTMLSelectElement).disabled).toBe(false);
  });

  it("shows the built-in client's demo private key, which signs request objects, masked and read-only under HTTP Basic", async () => {
    const builtIn = {
      ...defaultMockProfile(),
      oauth2: { ...defaultMockProfile().oauth2, clientAuthentication: 'basic' as const },
    };
    renderPage({ profiles: [builtIn] });
    const form = await screen.findByRole('form', { name: 'Edit Mock provider' });
    const key = within(form).getByLabelText('Private key (private_key_jwt, request objects)') as HTMLTextAreaElement;
    expect(key.readOnly).toBe(true);
    expectMasked(key, JSON.stringify(DEFAULT_CLIENT_PRIVATE_JWK));
  });
});

describe('Profile form: the redirect URI and the mock, as they will be used', () => {
  it('with callback port 0 says the port is chosen when a flow starts, never http://127.0.0.1:0/callback', async () => {
    const { user, form, field } = await newForm();
    const port = field('Callback port');
    await user.clear(port);
    await user.type(port, '0');
    expect(form.textContent).not.toContain('127.0.0.1:0/');
    expect(within(form).getByText('http://127.0.0.1:<free port>/callback')).toBeTruthy();
    expect(within(form).getByRole('note').textContent).toMatch(/Port 0: a free port is chosen when a flow starts/);
    expect(within(form).queryByRole('button', { name: 'Copy redirect URI' })).toBeNull();
    await user.clear(port);
    await user.type(port, '8765');
    expect(within(form).getByText('http://127.0.0.1:8765/callback')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Copy redirect URI' })).toBeTruthy();
  });

  it('a profile that follows the mock needs no base URL and shows the running one', async () => {
    const { user, view, field } = await newForm();
    await user.type(field('Name'), 'Mock, my client');
    await user.click(field('Follow the embedded mock'));
    expect((field('Base URL') as HTMLInputElement).readOnly).toBe(true);
    expect((field('Base URL') as HTMLInputElement).value).toBe('http://127.0.0.1:40001');
    await user.click(screen.getByRole('button', { name: 'Create profile' }));
    await screen.findByText(/Created "Mock, my client"/);
    const save = view.fake.calls.find((c) => c.method === 'profileSave')!.input as { profile: Record<string, any> };
    expect(save.profile).toMatchObject({ followsMock: true, baseUrl: '', builtIn: false });
  });
});
