// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { oauth2Flow } from '../../../../shared/flows';
import { profileSchema } from '../../../../shared/store/profile';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { SentLegPanel } from '../../../../renderer/features/oauth2/SentLegPanel';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { fakeBridge } from '../state/fake-bridge';

afterEach(cleanup);

const SECRET = 'client secret/with+odd&chars';
const ENCODED = 'client%20secret%2Fwith%2Bodd%26chars';
const profile = profileSchema.parse({
  id: 'p',
  name: 'Server',
  baseUrl: 'https://as.example',
  oauth2: { clientId: 'app', clientSecret: SECRET },
});

async function setUp() {
  const { bridge } = fakeBridge({});
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: () => 1_700_000_000_000 });
  const started = oauth2Flow.startOAuth2(
    {
      baseUrl: 'https://as.example',
      clientId: 'app',
      clientSecret: SECRET,
      redirectUri: 'http://127.0.0.1:4321/callback',
      pkce: null,
    },
    browserRandom,
    browserCrypto
  );
  // The code arrives as the page takes it, here from a pasted landing URL.
  stores.oauth2.setState({ profile, flow: started });
  await stores.oauth2.getState().urlPasted(`http://127.0.0.1:4321/callback?code=the-code&state=${started.state}`);
  const withCode = stores.oauth2.getState().flow!;
  const exchange = {
    request: { method: 'POST', url: 'https://as.example/oauth/v2/token', headers: [] },
    response: {
      status: 200,
      statusText: 'OK',
      headers: [['Content-Type', 'application/json']],
      bodyText:
        '{"access_token":"AT-very-secret","token_type":"Bearer","expires_in":3600,"refresh_token":"RT-also-secret"}',
      bodySize: 0,
    },
    timings: {},
    startedAt: 0,
  } as never;
  const withToken = oauth2Flow.interpretTokenResponse(withCode, exchange, 1_700_000_000_000, 'token').state;
  stores.oauth2.setState({
    profile,
    flow: withToken,
    current: 'token',
    drafts: {
      ...stores.oauth2.getState().drafts,
      api: oauth2Flow.buildBearerRequest(withToken, { method: 'GET', path: '/api/v2/me' }),
    },
  });
  return stores;
}

describe('OAuth 2 secrets on a sent leg', () => {
  it('edits the token body around the masked client secret and code, without revealing them', async () => {
    const stores = await setUp();
    render(
      <StoresProvider stores={stores}>
        <SentLegPanel leg="token" next={null} />
      </StoresProvider>
    );
    const body = screen.getByLabelText('Body (form-encoded)') as HTMLTextAreaElement;
    expect(body.readOnly).toBe(false);
    expect(body.value).not.toContain(ENCODED);
    expect(body.value).toContain(`client_secret=${'•'.repeat(ENCODED.length)}`);
    expect(body.value).toContain('code=••••••••&');
    // Typed before grant_type=, the caret left after what was typed (where the edit ends, SecretInput).
    const at = body.value.indexOf('grant_type=') + 'scope=read&'.length;
    await act(async () =>
      fireEvent.change(body, {
        target: { value: body.value.replace('grant_type=', 'scope=read&grant_type='), selectionEnd: at },
      })
    );
    const sent = stores.oauth2.getState().drafts.token!.body!;
    expect(sent).toContain('scope=read&grant_type=');
    expect(sent).toContain('code=the-code&');
    expect(sent).toContain(`client_secret=${ENCODED}`);
    expect(document.body.textContent).not.toContain(ENCODED);
  });

  it('deletes the last character of the masked client secret alone: the rest of it kept, masked, the caret there', async () => {
    const stores = await setUp();
    render(
      <StoresProvider stores={stores}>
        <SentLegPanel leg="token" next={null} />
      </StoresProvider>
    );
    const body = screen.getByLabelText('Body (form-encoded)') as HTMLTextAreaElement;
    const discs = /client_secret=(•+)/.exec(body.value)!;
    const secretEnd = discs.index + discs[0].length;
    // Backspace after the secret's last disc, as a user does in the field.
    const typed = body.value.slice(0, secretEnd - 1) + body.value.slice(secretEnd);
    body.focus();
    await act(async () => fireEvent.change(body, { target: { value: typed, selectionEnd: secretEnd - 1 } }));
    const sent = stores.oauth2.getState().drafts.token!.body!;
    expect(new URLSearchParams(sent).get('client_secret')).toBe(SECRET.slice(0, -1));
    expect(sent).not.toContain('•');
    expect(body.value).toBe(typed);
    expect(body.value).toContain(`client_secret=${'•'.repeat(ENCODED.length - 1)}`);
    expect(body.selectionEnd).toBe(secretEnd - 1);
  });

  it('masks the authorization code in the HTTP request, after the exchange too, until revealed', async () => {
    const stores = await setUp();
    // The exchange succeeded: the flow has forgotten the code (single use); the leg's request still carries it.
    expect(stores.oauth2.getState().flow!.code).toBeNull();
    render(
      <StoresProvider stores={stores}>
        <SentLegPanel leg="token" next={null} />
      </StoresProvider>
    );
    const http = () => screen.getByText(/^POST \/oauth\/v2\/token HTTP\/1\.1/);
    expect(http().textContent).toContain('code=••••••••&');
    expect(document.body.textContent).not.toContain('the-code');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reveal secrets and tokens' })));
    expect(http().textContent).toContain('code=the-code&');
  });

  it('masks the bearer token in the HTTP request until revealed', async () => {
    const stores = await setUp();
    render(
      <StoresProvider stores={stores}>
        <SentLegPanel leg="api" next={null} />
      </StoresProvider>
    );
    expect(document.body.textContent).not.toContain('AT-very-secret');
    expect(document.body.textContent).toContain('Authorization: Bearer ••••••••••••••');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reveal secrets and tokens' })));
    expect(document.body.textContent).toContain('Authorization: Bearer AT-very-secret');
  });

  it('with DPoP on, shows the API call as it will go: the token in the DPoP scheme and a proof made at Send', async () => {
    const stores = await setUp();
    const p = stores.oauth2.getState().profile!;
    stores.oauth2.setState({ profile: { ...p, oauth2: { ...p.oauth2, dpop: true } } });
    render(
      <StoresProvider stores={stores}>
        <SentLegPanel leg="api" next={null} />
      </StoresProvider>
    );
    const http = screen.getByText(/^GET \/api\/v2\/me HTTP\/1\.1/);
    expect(http.textContent).toContain('Authorization: DPoP ••••••••••••••');
    expect(http.textContent).toContain('DPoP: (a fresh proof, signed at Send)');
    expect(http.textContent).not.toContain('Bearer');
    expect(http.textContent).not.toContain('AT-very-secret');
  });
});
