import { isRecord } from './codec';

/**
 * The store file's layout version. Each migration takes the raw document of one version to the next, before
 * anything is validated or decrypted, so sealed secrets (`{ "$enc": ... }`) move unchanged. A record a migration
 * cannot make sense of is passed on as it is; validation then drops it by name, and the loader keeps a copy of the
 * file as it was.
 *
 * Version 1 (the older schema) kept each profile flat:
 *   { id, name, builtIn?, baseUrl, callbackUrl: "http://127.0.0.1:8765/callback",
 *     consumerKey, consumerSecret, signatureMethod, clientId, clientSecret, scope, usePkce: boolean }
 * Version 2 (current) groups the protocols into `oauth1` / `oauth2` objects and splits the callback into the
 * catcher's port and path (see shared/store/profile.ts). Tokens, history and settings did not change.
 */
export const SCHEMA_VERSION = 2;

type Document = Record<string, unknown>;

/** Drops undefined values so the current schema's defaults apply to what version 1 did not have. */
const defined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** `http://127.0.0.1:8765/callback` → port 8765, path /callback; undefined when it is not such a URL. */
function splitCallback(url: unknown): { callbackPort: number; callbackPath: string } | undefined {
  if (typeof url !== 'string' || !URL.canParse(url)) return undefined;
  const u = new URL(url);
  if (u.protocol !== 'http:') return undefined;
  return { callbackPort: u.port === '' ? 80 : Number(u.port), callbackPath: u.pathname };
}

function profileV1ToV2(p: unknown): unknown {
  if (!isRecord(p)) return p;
  const { consumerKey, consumerSecret, signatureMethod, clientId, clientSecret, scope, usePkce, callbackUrl, ...rest } =
    p;
  const callback = splitCallback(callbackUrl);
  return defined({
    ...rest,
    // A callback URL that is not a loopback http URL is left in place: the schema then names it and the profile is dropped, with a copy of the file kept.
    ...(callback ?? { callbackUrl }),
    oauth1: defined({ consumerKey, consumerSecret, signatureMethod }),
    oauth2: defined({
      clientId,
      clientSecret,
      scope,
      pkce: usePkce === undefined ? undefined : usePkce === true ? 'S256' : usePkce === false ? 'off' : usePkce,
    }),
  });
}

const MIGRATIONS: Readonly<Record<number, (doc: Document) => Document>> = {
  1: (doc) => ({
    ...doc,
    schemaVersion: 2,
    profiles: Array.isArray(doc.profiles) ? doc.profiles.map(profileV1ToV2) : doc.profiles,
  }),
};

/** Runs every migration from `from` up to SCHEMA_VERSION. */
export function migrate(doc: Document, from: number): Document {
  let current = doc;
  for (let v = from; v < SCHEMA_VERSION; v++) {
    const step = MIGRATIONS[v];
    if (!step) throw new Error(`no migration from schema version ${v}`);
    current = step(current);
  }
  return current;
}
