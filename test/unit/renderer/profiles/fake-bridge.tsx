import { render } from '@testing-library/react';
import type { BridgeApi } from '../../../../shared/bridge/api';
import type { BridgeResult } from '../../../../shared/bridge/result';
import { profileSchema, type Profile } from '../../../../shared/store/profile';
import type { SavedToken } from '../../../../shared/store/saved-token';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { ProfilesPage } from '../../../../renderer/features/profiles/ProfilesPage';
import { AUDIT_IDLE } from '../../../../shared/bridge/schemas/audit';

const ok = <T,>(value: T): BridgeResult<T> => ({ ok: true, value });

export const mockProfile = (): Profile =>
  profileSchema.parse({
    id: 'mock',
    name: 'Mock provider',
    builtIn: true,
    oauth1: { consumerKey: 'oauth-lab-consumer', consumerSecret: 'oauth-lab-consumer-secret' },
    oauth2: { clientId: 'oauth-lab-client', clientSecret: 'oauth-lab-client-secret' },
  });

export const userProfile = (over: Partial<Profile> = {}): Profile =>
  profileSchema.parse({
    id: 'p-1',
    name: 'Staging',
    baseUrl: 'https://staging.example.com',
    oauth1: { consumerKey: 'ck', consumerSecret: 'typed-consumer-secret' },
    ...over,
  });

export interface FakeBridge {
  readonly calls: { method: string; input: unknown }[];
  profiles: Profile[];
  tokens: SavedToken[];
  /** Answers the next profileSave with this instead of saving. */
  saveAnswer: BridgeResult<Profile> | null;
  importAnswer: BridgeResult<{ imported: Profile[]; renamed: string[] }> | null;
  /** The running mock's access tokens with their statuses (the saved tokens of the mock profile are checked against them). */
  mockTokens: {
    oauth1: { token: string; status: string }[];
    oauth2: { token: string; status: string; expiresAt: string }[];
  };
}

/** A BridgeApi with only what the Profiles page (and the stores made alongside it) call, backed by arrays. */
export function fakeBridge(
  profiles: Profile[] = [mockProfile()],
  tokens: SavedToken[] = []
): { bridge: BridgeApi; fake: FakeBridge } {
  const fake: FakeBridge = {
    calls: [],
    profiles,
    tokens,
    saveAnswer: null,
    importAnswer: null,
    mockTokens: { oauth1: [], oauth2: [] },
  };
  const record = (method: string, input: unknown) => fake.calls.push({ method, input });
  const api = {
    on: () => () => {},
    async profilesList() {
      record('profilesList', undefined);
      return ok(structuredClone(fake.profiles));
    },
    async profileSave(input: { profile: Profile }) {
      record('profileSave', input);
      if (fake.saveAnswer) return fake.saveAnswer;
      const at = fake.profiles.findIndex((p) => p.id === input.profile.id);
      fake.profiles =
        at >= 0 ? fake.profiles.map((p, i) => (i === at ? input.profile : p)) : [...fake.profiles, input.profile];
      return ok(input.profile);
    },
    async profileDelete(input: { id: string }) {
      record('profileDelete', input);
      fake.profiles = fake.profiles.filter((p) => p.id !== input.id);
      return ok({ deleted: true });
    },
    async profilesExport(input: { includeSecrets?: boolean }) {
      record('profilesExport', input);
      const strip = (p: Profile): Profile => ({
        ...p,
        oauth1: { ...p.oauth1, consumerSecret: '', rsaPrivateKey: '' },
        oauth2: { ...p.oauth2, clientSecret: '' },
      });
      const chosen = fake.profiles.filter((p) => !p.builtIn).map((p) => (input.includeSecrets ? p : strip(p)));
      return ok({
        json: JSON.stringify({ format: 'oauth-lab-profiles', version: 1, profiles: chosen }, null, 2),
        secretsIncluded: input.includeSecrets === true,
      });
    },
    async profilesImport(input: { json: string }) {
      record('profilesImport', input);
      if (fake.importAnswer) {
        if (fake.importAnswer.ok) fake.profiles = [...fake.profiles, ...fake.importAnswer.value.imported];
        return fake.importAnswer;
      }
      return ok({ imported: [], renamed: [] });
    },
    async tokensList(input: { profileId?: string } = {}) {
      record('tokensList', input);
      return ok(fake.tokens.filter((t) => t.profileId === input.profileId));
    },
    async tokenDelete(input: { id: string }) {
      record('tokenDelete', input);
      fake.tokens = fake.tokens.filter((t) => t.id !== input.id);
      return ok({ deleted: true });
    },
    // The profile form's Audit section asks what the host is running (nothing, here).
    async auditStatus() {
      return ok(AUDIT_IDLE);
    },
    async mockState() {
      record('mockState', undefined);
      const now = new Date(Date.UTC(2026, 0, 1)).toISOString();
      return ok({
        config: {},
        settings: {},
        state: {
          now,
          clockOffsetSeconds: 0,
          oauth1: { requestTokens: [], accessTokens: fake.mockTokens.oauth1 },
          oauth2: { codes: [], accessTokens: fake.mockTokens.oauth2, refreshTokens: [] },
        },
      });
    },
    async settingsUpdate(input: unknown) {
      record('settingsUpdate', input);
      return ok({});
    },
  };
  return { bridge: api as unknown as BridgeApi, fake };
}

let counter = 0;

/** The page inside the app's real stores, with the fake bridge and a running mock. */
export function renderPage(
  options: {
    profiles?: Profile[];
    tokens?: SavedToken[];
    activeProfileId?: string;
    secretStorage?: 'encrypted' | 'file';
    now?: number;
  } = {}
) {
  const { bridge, fake } = fakeBridge(options.profiles ?? [mockProfile()], options.tokens ?? []);
  const random = {
    bytes: (n: number) => Uint8Array.from({ length: n }, (_, i) => (i === n - 1 ? ++counter % 256 : 0)),
  };
  const stores = createStores({
    bridge,
    crypto: browserCrypto,
    random,
    now: () => options.now ?? Date.UTC(2026, 0, 1),
  });
  stores.app.setState({
    profiles: fake.profiles,
    activeProfileId: options.activeProfileId ?? 'mock',
    mock: { running: true, baseUrl: 'http://127.0.0.1:40001' },
    info: { host: 'web', version: 'test', secretStorage: options.secretStorage ?? 'file', notices: [] },
  });
  const page = (shown: boolean) => (
    <StoresProvider stores={stores}>{shown ? <ProfilesPage /> : <p>Another page</p>}</StoresProvider>
  );
  const view = render(page(true));
  // Navigation as App.tsx does it: the page unmounts while another shows, then mounts again with the same stores.
  return { ...view, fake, stores, leave: () => view.rerender(page(false)), comeBack: () => view.rerender(page(true)) };
}
