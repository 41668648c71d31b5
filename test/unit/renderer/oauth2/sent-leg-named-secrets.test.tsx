// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { oauth2Flow } from '../../../../shared/flows';
import { profileSchema } from '../../../../shared/store/profile';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { SentLegPanel } from '../../../../renderer/features/oauth2/SentLegPanel';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { fakeBridge } from '../state/fake-bridge';
import { visibleText } from '../masked-field';

/**
 * The OAuth 2 page's editable token request masks every value whose name is a secret by shared/secrets.ts, not only
 * the values the page knows (the client secret, the code, the tokens): the PKCE code_verifier the flow put there and
 * a client_assertion the user pasted in. The body stays editable around them and is sent as it was.
 */
afterEach(cleanup);

const profile = profileSchema.parse({
  id: 'p',
  name: 'Server',
  baseUrl: 'https://as.example',
  oauth2: { clientId: 'app', clientSecret: '', clientAuthentication: 'none' },
});
const ASSERTION = 'eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJhcHAifQ.c2lnbmF0dXJl';

async function renderTokenLeg() {
  const { bridge } = fakeBridge({});
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: () => 1_700_000_000_000 });
  const started = oauth2Flow.startOAuth2(
    {
      baseUrl: 'https://as.example',
      clientId: 'app',
      clientSecret: '',
      redirectUri: 'http://127.0.0.1:4321/callback',
      pkce: 'S256',
    },
    browserRandom,
    browserCrypto
  );
  stores.oauth2.setState({ profile, flow: started });
  await stores.oauth2.getState().urlPasted(`http://127.0.0.1:4321/callback?code=the-code&state=${started.state}`);
  render(
    <StoresProvider stores={stores}>
      <SentLegPanel leg="token" next={null} />
    </StoresProvider>
  );
  return { stores, verifier: started.pkce!.verifier };
}

describe("the OAuth 2 token request's named secrets", () => {
  it('masks the code_verifier in the editable body and the request text until revealed, and sends it unchanged', async () => {
    const { stores, verifier } = await renderTokenLeg();
    const body = screen.getByLabelText('Body (form-encoded)') as HTMLTextAreaElement;
    expect(stores.oauth2.getState().drafts.token!.body).toContain(`code_verifier=${verifier}`);
    expect(body.value).not.toContain(verifier);
    expect(body.value).toContain(`code_verifier=${'•'.repeat(verifier.length)}`);
    expect(visibleText()).not.toContain(verifier);
    // Typed before grant_type=, the caret left after what was typed (where the edit ends, SecretInput).
    const at = body.value.indexOf('grant_type=') + 'scope=read&'.length;
    await act(async () =>
      fireEvent.change(body, {
        target: { value: body.value.replace('grant_type=', 'scope=read&grant_type='), selectionEnd: at },
      })
    );
    expect(stores.oauth2.getState().drafts.token!.body).toContain(`code_verifier=${verifier}`);
    expect(stores.oauth2.getState().drafts.token!.body).toContain('scope=read&grant_type=');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reveal secrets and tokens' })));
    expect(body.value).toContain(`code_verifier=${verifier}`);
    expect(visibleText()).toContain(`code_verifier=${verifier}`);
  });

  it('masks a client_assertion pasted into the body, and sends it as pasted', async () => {
    const { stores } = await renderTokenLeg();
    const body = screen.getByLabelText('Body (form-encoded)') as HTMLTextAreaElement;
    await act(async () => fireEvent.change(body, { target: { value: `${body.value}&client_assertion=${ASSERTION}` } }));
    expect(stores.oauth2.getState().drafts.token!.body).toMatch(new RegExp(`&client_assertion=${ASSERTION}$`));
    expect(body.value).not.toContain(ASSERTION);
    expect(visibleText()).not.toContain(ASSERTION);
  });
});
