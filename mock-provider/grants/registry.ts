import type { Grant } from './grant';

/**
 * Every module in this folder, read by Vite's import.meta.glob (the app, the CLI and the tests are built or run by
 * Vite; npm run bench and npm run screenshot through scripts/run-through-vite.ts): a module that exports a grant
 * registers it, with no list to add it to.
 */
const MODULES = import.meta.glob<Readonly<Record<string, unknown>>>(['./*.ts', '!./registry.ts'], { eager: true });

const isGrant = (v: unknown): v is Grant =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Partial<Grant>).grantType === 'string' &&
  typeof (v as Partial<Grant>).handle === 'function';

/** RFC 6749's code grant and its refresh (§4.1, §6) are named first; every other grant in its module's file name order. */
const NAMED_FIRST = ['authorization_code', 'refresh_token'];
const rank = (g: Grant) => (NAMED_FIRST.includes(g.grantType) ? NAMED_FIRST.indexOf(g.grantType) : NAMED_FIRST.length);

function grantsOfModules(): ReadonlyMap<string, Grant> {
  const found = Object.keys(MODULES)
    .sort()
    .flatMap((path) =>
      Object.values(MODULES[path]!)
        .filter(isGrant)
        .map((grant) => ({ path, grant }))
    );
  const grants = new Map<string, Grant>();
  for (const { path, grant } of found.sort((a, b) => rank(a.grant) - rank(b.grant))) {
    if (grants.has(grant.grantType) && grants.get(grant.grantType) !== grant)
      throw new Error(`The grant type ${grant.grantType} is exported by two modules (again by ${path}); keep one.`);
    grants.set(grant.grantType, grant);
  }
  return grants;
}

const GRANTS = grantsOfModules();

/**
 * The grant types the mock's token endpoint serves, in the order they are named to a client (RFC 6749 §5.2
 * (https://www.rfc-editor.org/rfc/rfc6749#section-5.2) unsupported_grant_type), offered in the discovery document
 * (RFC 8414 §2 grant_types_supported) and allowed in a client's grantTypes.
 */
export const GRANT_TYPES = [...GRANTS.keys()] as [string, ...string[]];

export const grantFor = (grantType: string): Grant | undefined => GRANTS.get(grantType);

/** "a, b or c": the grants a client can use, each followed by where it is defined when `sources` is set. */
export function grantChoices(sources: boolean): string {
  const names = GRANT_TYPES.map((t) => {
    const g = GRANTS.get(t)!;
    return sources && g.definedBy ? `${t} (${g.definedBy})` : t;
  });
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0]!;
}
