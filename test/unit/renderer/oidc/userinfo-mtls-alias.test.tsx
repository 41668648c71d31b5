// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { OAuth2Page } from '../../../../renderer/features/oauth2/OAuth2Page';
import { flowTokensOf } from '../../../../renderer/features/oidc/flow-tokens';
import { UserInfoPanel } from '../../../../renderer/features/oidc/UserInfoPanel';
import { useOidc } from '../../../../renderer/features/oidc/use-oidc';
import { tlsClientOnMock } from '../flow/tls-client-on-mock';
import { sendLeg, toTokenLeg } from '../flow/app-on-mock';
import { renderOnMock } from '../flow/render-on-mock';

/**
 * The UserInfo panel for a tls_client_auth client (RFC 8705 §2) whose provider's metadata names UserInfo only at its
 * mutual-TLS alias (mtls_endpoint_aliases.userinfo_endpoint, §5), no plain userinfo_endpoint: UserInfo is offered
 * at the alias, and the call goes there, to the real mock's mutual-TLS port, with the certificate.
 */
const { h, profile: tlsProfile, bridge: tlsBridge } = tlsClientOnMock('tls-userinfo', 'userinfo-tls');
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

it('offers UserInfo at the mutual-TLS alias when the metadata has no plain userinfo_endpoint, and calls it there', async () => {
  const mtls = h.provider.mtlsBaseUrl!;
  const bridge = tlsBridge();
  const profile = tlsProfile({ scope: 'openid read' });
  try {
    Element.prototype.scrollIntoView = vi.fn();
    const { stores, tab } = renderOnMock(
      h,
      bridge.bridge,
      <>
        <OAuth2Page />
        <UserInfoPanel />
      </>,
      [profile]
    );
    await toTokenLeg(h, stores, tab);
    await sendLeg(stores, 'token');
    const s = stores.oauth2.getState;
    expect(s().runs.token?.outcome?.ok, s().runs.token?.outcome?.summary).toBe(true);
    // The mock's discovery, the id_token validated; then its metadata as a provider that names UserInfo only at
    // the mutual-TLS alias has it.
    const oidc = useOidc.of(stores);
    await oidc.getState().afterCodeRan(h.base, flowTokensOf(s())!, false);
    const discovery = oidc.getState().discovery!;
    expect(discovery.endpoints?.mtlsAliases?.userinfo).toBe(`${mtls}/oidc/userinfo`);
    oidc.setState({ discovery: { ...discovery, endpoints: { ...discovery.endpoints!, userinfo: null } } });

    const panel = screen.getByRole('region', { name: 'UserInfo' });
    await waitFor(() => expect(panel.textContent).toContain(`GET ${mtls}/oidc/userinfo`));
    const call = within(panel).getByRole('button', { name: 'Call UserInfo' }) as HTMLButtonElement;
    expect(call.disabled).toBe(false);
    fireEvent.click(call);
    await waitFor(() => expect(oidc.getState().userInfo?.exchange).toBeTruthy());
    const userInfo = oidc.getState().userInfo!;
    expect(userInfo.exchange!.request.url).toBe(`${mtls}/oidc/userinfo`);
    expect(userInfo.exchange!.response.status, userInfo.error ?? userInfo.exchange!.response.bodyText).toBe(200);
    await waitFor(() => expect(within(panel).getByText(/sub equals the id_token's sub/)).toBeTruthy());
  } finally {
    await bridge.close();
  }
}, 30_000);
