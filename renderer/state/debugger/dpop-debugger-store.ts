import { createStore } from 'zustand/vanilla';
import { generateDpopKey, joseVerifier } from '../../../platform/jose';
import { buildDpopProof } from '../../../shared/dpop/proof';
import { verifyDpopProof, type DpopVerification } from '../../../shared/dpop/verify';
import type { RendererDeps } from '../../app/deps';

/** What the DPoP debugger checks a proof against; every field but the proof may stay empty (its checks are skipped). */
export interface DpopInputs {
  readonly proof: string;
  readonly method: string;
  readonly url: string;
  readonly accessToken: string;
  readonly nonce: string;
  readonly jkt: string;
}

const emptyDpopInputs: DpopInputs = { proof: '', method: '', url: '', accessToken: '', nonce: '', jkt: '' };

export interface DpopDebuggerState {
  /** The debugger page shows the DPoP proof checker instead of the OAuth 1.0a one. */
  readonly active: boolean;
  readonly inputs: DpopInputs;
  /** The inputs the shown result was checked with (the page debounces the check while typing). */
  readonly checked: DpopInputs | null;
  readonly result: DpopVerification | null;
  activeSet(active: boolean): void;
  inputEdited(patch: Partial<DpopInputs>): void;
  exampleLoaded(): Promise<void>;
  inputsCleared(): void;
  checkRequested(): Promise<void>;
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * The DPoP proof debugger (`oauth-lab debug --dpop` as a page): a pasted proof checked in the page by the one
 * verifier (shared/dpop/verify.ts, signatures through the JOSE port), every mistake named with its RFC 9449
 * section. Kept across page visits, as the signature debugger is.
 */
export function createDpopDebuggerStore({ crypto, random, now }: Pick<RendererDeps, 'crypto' | 'random' | 'now'>) {
  return createStore<DpopDebuggerState>()((set, get) => ({
    active: false,
    inputs: emptyDpopInputs,
    checked: null,
    result: null,
    activeSet: (active) => set({ active }),
    inputEdited: (patch) => set({ inputs: { ...get().inputs, ...patch } }),
    inputsCleared: () => set({ inputs: emptyDpopInputs, checked: null, result: null }),
    async exampleLoaded() {
      // A proof made here with the classic slip: the query left in htu (RFC 9449 §4.2).
      const { key } = await generateDpopKey('ES256');
      const url = 'https://api.example.com/v1/orders?page=2';
      const p = await buildDpopProof(
        { key, method: 'GET', url, accessToken: 'example-access-token', mistake: 'htu-query' },
        { crypto, random, clock: { now } }
      );
      set({ inputs: { ...emptyDpopInputs, proof: p.jwt, method: 'GET', url, accessToken: 'example-access-token' } });
      await get().checkRequested();
    },
    async checkRequested() {
      const inputs = get().inputs;
      if (inputs === get().checked) return;
      if (inputs.proof.trim() === '') return set({ checked: inputs, result: null });
      set({ checked: inputs });
      const result = await verifyDpopProof(
        inputs.proof.replace(/^\s*dpop\s*:\s*/i, ''),
        {
          method: orNull(inputs.method),
          url: orNull(inputs.url),
          accessToken: orNull(inputs.accessToken),
          nonce: orNull(inputs.nonce),
          boundJkt: orNull(inputs.jkt),
          nowSeconds: Math.floor(now() / 1000),
        },
        crypto,
        joseVerifier
      );
      // Last input wins: once the user has typed again, this answer is about text no longer there.
      if (get().inputs === inputs) set({ result });
    },
  }));
}
