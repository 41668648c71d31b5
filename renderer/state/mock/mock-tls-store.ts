import { createStore } from 'zustand/vanilla';
import type { MethodOutput } from '../../../shared/bridge/contract';
import { pageStore } from '../../app/page-store';
import type { RendererDeps } from '../../app/deps';

type MockCa = MethodOutput<'mockCa'>;
type IssuedCertificate = MethodOutput<'mockIssueClientCertificate'>;

export interface MockTlsState {
  /** The mock's local CA as last read, or why there is none; null before the first read. */
  readonly ca: { readonly ok: true; readonly value: MockCa } | { readonly ok: false; readonly message: string } | null;
  /** The client certificates issued from this page, newest first (paths, subject and thumbprint: never a key). */
  readonly issued: readonly IssuedCertificate[];
  /** Why the last issue was refused, in the bridge's words; null when it was not. */
  readonly issueError: string | null;
  readCa(): Promise<void>;
  issue(name: string): Promise<void>;
}

/** The Mock page's mutual-TLS panel (RFC 8705): the local CA, and client certificates issued from it through the bridge. */
function createMockTlsStore({ bridge }: Pick<RendererDeps, 'bridge'>) {
  return createStore<MockTlsState>()((set, get) => ({
    ca: null,
    issued: [],
    issueError: null,
    async readCa() {
      const r = await bridge.mockCa();
      set({ ca: r.ok ? { ok: true, value: r.value } : { ok: false, message: r.error.message } });
    },
    async issue(name) {
      const r = await bridge.mockIssueClientCertificate({ name });
      if (r.ok)
        set({
          issued: [r.value, ...get().issued.filter((c) => c.certificatePath !== r.value.certificatePath)],
          issueError: null,
        });
      else set({ issueError: r.error.message });
    },
  }));
}

export const useMockTls = pageStore(createMockTlsStore);
