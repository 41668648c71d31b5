import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { grantFor, GRANT_TYPES } from '../../../../../mock-provider/grants/registry';
import { TOKEN_ENDPOINT_GRANTS } from '../../../../../shared/flows/driver/registry';
import { isTokenEndpointGrant } from '../../../../../shared/flows/driver/token-endpoint-grant';

/*
 * A new token-endpoint grant is one module in shared/flows/driver/grants/ and one in
 * mock-provider/grants/, and nothing else but tests and docs. Each registry finds the grants by their modules, so
 * neither names a token-endpoint grant's module, and every grant each folder's modules export is registered.
 */
const ROOT = join(__dirname, '../../../../..');
const CLIENT_DIR = join(ROOT, 'shared/flows/driver/grants');
const MOCK_DIR = join(ROOT, 'mock-provider/grants');
const modulesIn = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.ts'));
const importsIn = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/from '\.\/(?:grants\/)?([\w-]+)'/g)].map((m) => `${m[1]}.ts`);

describe('a grant is one module per side', () => {
  it("the client's token-endpoint grants are every one its grants/ modules export, none named in the registry", async () => {
    const exported = [];
    for (const f of modulesIn(CLIENT_DIR))
      for (const v of Object.values((await import(join(CLIENT_DIR, f))) as Record<string, unknown>))
        if (typeof v === 'object' && v !== null && isTokenEndpointGrant(v))
          exported.push({ f, command: v.spec.command });
    expect(exported.length).toBeGreaterThan(0);
    expect(TOKEN_ENDPOINT_GRANTS.map((g) => g.spec.command)).toEqual(exported.map((e) => e.command));
    // The registry may import the grants a host drives by name, but registers no token-endpoint grant by a line.
    const named = importsIn(join(ROOT, 'shared/flows/driver/registry.ts'));
    const byLine = exported.filter((e) => named.includes(e.f) && !isDrivenByName(e.f));
    expect(byLine).toEqual([]);
  });

  it("the mock's grant types are every grant its grants/ modules export, with no list file beside them", async () => {
    const exported: string[] = [];
    for (const f of modulesIn(MOCK_DIR))
      for (const v of Object.values((await import(join(MOCK_DIR, f))) as Record<string, unknown>))
        if (typeof v === 'object' && v !== null && 'grantType' in v && 'handle' in v)
          exported.push(String(v.grantType));
    expect([...GRANT_TYPES].sort()).toEqual([...exported].sort());
    for (const t of exported) expect(grantFor(t)?.grantType).toBe(t);
    expect(modulesIn(MOCK_DIR)).not.toContain('grant-types.ts');
    expect(importsIn(join(MOCK_DIR, 'registry.ts')).filter((f) => f !== 'grant.ts')).toEqual([]);
  });
});

/** A token-endpoint grant a host also drives by name (CLIENT_GRANTS): MCP's machine leg runs JWT bearer. */
const isDrivenByName = (file: string) => file === 'jwt-bearer.ts';
