import { createStore } from 'zustand/vanilla';
import { privateKeyJwtRegistration, tlsClientAuthRegistration } from '../../../shared/oauth2/key-registration';
import { pageStore } from '../../app/page-store';
import type { RendererDeps } from '../../app/deps';
import { registeredAtMock } from '../mock-registration';

/** What the profile keeps of a client registered with its own key: its id, its private key (a secret) and the kid. */
export interface RegisteredKey {
  readonly clientId: string;
  readonly assertionKey: string;
  readonly assertionKeyId: string;
}

/** What the profile keeps of a tls_client_auth client: its id, its certificate and key (a secret), the mock's CA. */
export interface RegisteredCertificate {
  readonly clientId: string;
  readonly clientCertificate: string;
  readonly clientKey: string;
  readonly caCertificate: string;
}

export interface KeyRegistrationState {
  readonly busy: boolean;
  /** What the last registration did, or why it did not. */
  readonly status: { readonly text: string; readonly ok: boolean } | null;
  /**
   * Makes an ES256 key in the host (as a DPoP key is made: bridge dpopKey) and registers its public half at the mock
   * (`baseUrl`) as a private_key_jwt client for `redirectUri`; what the profile keeps, or null (`status` says why).
   */
  keyRegistered(baseUrl: string, redirectUri: string): Promise<RegisteredKey | null>;
  /**
   * Issues a client certificate from the mock's local CA (bridge mockIssueClientCertificate, as the Mock page does)
   * and registers a tls_client_auth client with its subject DN (RFC 8705 §2.1.2); what the profile keeps, or null.
   */
  certificateRegistered(baseUrl: string, redirectUri: string): Promise<RegisteredCertificate | null>;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** The profile form's "register it at the mock" actions (RFC 7591 §3.1; RFC 7523 §2.2, RFC 8705 §2.1). */
function createKeyRegistrationStore({ bridge, random }: Pick<RendererDeps, 'bridge' | 'random'>) {
  return createStore<KeyRegistrationState>()((set) => {
    const fail = (text: string) => (set({ busy: false, status: { ok: false, text } }), null);
    const done = (text: string) =>
      set({ busy: false, status: { ok: true, text: `${text}; save the profile to keep it.` } });
    return {
      busy: false,
      status: null,
      async keyRegistered(baseUrl, redirectUri) {
        set({ busy: true, status: null });
        const made = await bridge.dpopKey({ key: '', alg: 'ES256' });
        if (!made.ok) return fail(`No key was made: ${made.error.message}`);
        // The RFC 7638 thumbprint names the key: the assertion's kid, the registered key's kid.
        const { key, alg, publicJwk, thumbprint: kid } = made.value;
        const metadata = privateKeyJwtRegistration(redirectUri, publicJwk, kid, alg);
        const registered = await registeredAtMock(bridge, baseUrl, metadata);
        if (!registered.ok) return fail(registered.error.message);
        const clientId = String(registered.value.client_id);
        done(`Registered at the mock as client ${clientId} (private_key_jwt, ${alg}, kid ${kid})`);
        return { clientId, assertionKey: key, assertionKeyId: kid };
      },
      async certificateRegistered(baseUrl, redirectUri) {
        set({ busy: true, status: null });
        const ca = await bridge.mockCa();
        if (!ca.ok) return fail(ca.error.message);
        const name = `profile-${hex(random.bytes(8))}`;
        const issued = await bridge.mockIssueClientCertificate({ name, withPem: true });
        if (!issued.ok) return fail(`No certificate was issued: ${issued.error.message}`);
        const { subjectDn, certificatePem, keyPem } = issued.value;
        const metadata = tlsClientAuthRegistration(redirectUri, subjectDn);
        const registered = await registeredAtMock(bridge, baseUrl, metadata);
        if (!registered.ok) return fail(registered.error.message);
        const clientId = String(registered.value.client_id);
        done(`Registered at the mock as client ${clientId} (tls_client_auth, subject ${subjectDn})`);
        return {
          clientId,
          clientCertificate: certificatePem ?? '',
          clientKey: keyPem ?? '',
          caCertificate: ca.value.certificatePem,
        };
      },
    };
  });
}

export const useKeyRegistration = pageStore(createKeyRegistrationStore);
