import { createStore } from 'zustand/vanilla';
import { endpointUrl, oauth1Flow } from '../../../shared/flows';
import type { RendererDeps } from '../../app/deps';
import { emptyForm, profileCallback, type SignerForm } from '../../features/signer/signer-form';
import { signerSendAction } from './signer-send-action';
import type { SignerState } from './signer-state';

/** The Request signer's state: the form, the profile's saved tokens, and the last send (kept across page visits). */
export function createSignerStore(deps: RendererDeps) {
  const { bridge, random, now } = deps;
  const fresh = () => oauth1Flow.freshNonceAndTimestamp(random, now());
  return createStore<SignerState>()((set, get) => {
    const edit = (patch: Partial<SignerForm>) => set({ form: { ...get().form, ...patch } });
    return {
      form: emptyForm(fresh()),
      tokens: [],
      tokensError: null,
      urlPending: false,
      opened: false,
      run: null,
      async profileChosen(profile, baseUrl) {
        set({ opened: true });
        if (!profile)
          return set({ form: { ...get().form, profileId: null }, tokens: [], tokensError: null, urlPending: false });
        const p = profile.oauth1;
        edit({
          profileId: profile.id,
          consumerKey: p.consumerKey,
          consumerSecret: p.consumerSecret,
          privateKeyPem: p.rsaPrivateKey,
          token: '',
          tokenSecret: '',
          callback: '',
          verifier: '',
          signatureMethod: p.signatureMethod,
          placement: p.placement,
          realm: p.realm,
          includeVersion: p.includeVersion,
          ...fresh(),
        });
        set({ urlPending: !baseUrl, tokens: [], tokensError: null });
        if (baseUrl) get().endpointChosen('requestToken', profile, baseUrl);
        const r = await bridge.tokensList({ profileId: profile.id });
        if (get().form.profileId !== profile.id) return;
        set(r.ok ? { tokens: r.value.filter((t) => t.kind === 'oauth1') } : { tokensError: r.error.message });
      },
      endpointChosen(endpoint, profile, baseUrl) {
        const p = profile.oauth1;
        const path =
          endpoint === 'requestToken' ? p.requestTokenPath : endpoint === 'accessToken' ? p.accessTokenPath : p.apiPath;
        // Step one sends the callback (RFC 5849 §2.1 (https://www.rfc-editor.org/rfc/rfc5849#section-2.1)); the API call sends neither it nor a verifier.
        const callback =
          endpoint === 'requestToken'
            ? get().form.callback || profileCallback(profile)
            : endpoint === 'api'
              ? ''
              : get().form.callback;
        edit({
          method: endpoint === 'api' ? 'GET' : 'POST',
          url: endpointUrl(baseUrl, path),
          callback,
          ...(endpoint === 'api' ? { verifier: '' } : {}),
        });
        set({ urlPending: false });
      },
      tokenChosen(id) {
        const t = get().tokens.find((x) => x.id === id);
        edit(t ? { token: t.token, tokenSecret: t.tokenSecret } : { token: '', tokenSecret: '' });
      },
      formEdited(patch) {
        edit(patch);
        if ('url' in patch) set({ urlPending: false });
      },
      nonceRenewed: () => edit(fresh()),
      ...signerSendAction(deps, set, get, edit, fresh),
    };
  });
}
