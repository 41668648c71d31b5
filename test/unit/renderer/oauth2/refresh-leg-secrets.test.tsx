// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { oauth2Flow } from '../../../../shared/flows';
import { percentEncode } from '../../../../shared/percent-encoding';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { OAuth2Page } from '../../../../renderer/features/oauth2/OAuth2Page';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { C, Harness } from '../../mock-provider/helpers';
import { flowAfterCodeGrant } from '../../host/oidc/oidc-mock-session';
import { hostBridgeOnMock } from '../state/host-bridge';
import { mockClientProfile } from '../state/mock-client-profile';

/**
 * The OAuth 2 page's Refresh leg keeps its secrets hidden as the token leg does: the refresh token is dots in the
 * editable body as the client secret is, and *Include secrets* is asked again on each leg's export (the host's own
 * export handler over the contract).
 */
const h = new Harness({ autoLoginUser: 'demo' });
const bridge = hostBridgeOnMock(h);
afterEach(cleanup);

const profile = mockClientProfile();

async function onApiLeg() {
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: () => Date.now() });
  stores.app.setState({ profiles: [profile], activeProfileId: 'mock', mock: { running: true, baseUrl: h.base } });
  const { flow, body } = await flowAfterCodeGrant(h, 'read');
  render(
    <StoresProvider stores={stores}>
      <OAuth2Page />
    </StoresProvider>
  );
  act(() =>
    stores.oauth2.setState({
      profile,
      flow,
      current: 'api',
      drafts: {
        api: oauth2Flow.buildBearerRequest(flow, { method: 'GET', path: profile.oauth2.apiPath }),
        refresh: oauth2Flow.buildRefreshRequest(flow),
      },
    })
  );
  return { stores, tokens: body as { access_token: string; refresh_token: string } };
}

/** Opens the leg's export menu, as a click on its summary does. */
function openExport() {
  const details = screen.getByText('Export this request').closest('details')!;
  act(() => {
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
  });
  return details;
}
const preview = async (menu: HTMLElement) => (await within(menu).findByLabelText('Export preview')).textContent!;

describe('OAuth 2 Refresh leg: its secrets', () => {
  it('shows the refresh token as dots in the editable body, and edits around it', async () => {
    const { stores, tokens } = await onApiLeg();
    act(() => stores.oauth2.getState().legChosen('refresh'));
    const body = screen.getByLabelText('Body (form-encoded)') as HTMLTextAreaElement;
    expect(body.value).not.toContain(percentEncode(tokens.refresh_token));
    expect(body.value).toContain(`refresh_token=${'•'.repeat(percentEncode(tokens.refresh_token).length)}`);
    expect(body.value).toMatch(/(^|&)client_secret=•+(&|$)/);
    expect(document.body.textContent).not.toContain(tokens.refresh_token);
    act(() => {
      fireEvent.change(body, { target: { value: `${body.value}&scope=read` } });
    });
    const sent = new URLSearchParams(stores.oauth2.getState().drafts.refresh!.body);
    expect(sent.get('refresh_token')).toBe(tokens.refresh_token);
    expect(sent.get('client_secret')).toBe(C.client.secret);
    expect(sent.get('scope')).toBe('read');
  });

  it('asks again on each leg whether the export includes secrets', async () => {
    const { stores, tokens } = await onApiLeg();
    const onApi = openExport();
    fireEvent.click(within(onApi).getByRole('checkbox', { name: 'Include secrets' }));
    await waitFor(async () => expect(await preview(onApi)).toContain(tokens.access_token));

    act(() => stores.oauth2.getState().legChosen('refresh'));
    const onRefresh = openExport();
    const tick = within(onRefresh).getByRole('checkbox', { name: 'Include secrets' }) as HTMLInputElement;
    expect(tick.checked).toBe(false);
    const text = await preview(onRefresh);
    expect(text).toContain('refresh_token');
    expect(text).not.toContain(tokens.refresh_token);
    expect(text).not.toContain(percentEncode(tokens.refresh_token));
  });
});
