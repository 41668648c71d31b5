import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkResourceMetadata } from '../../../shared/mcp/metadata-checks';
import { parseChallenges } from '../../../shared/mcp/challenge';
import { Harness, json } from './helpers';
import { bearer } from './oauth2-assertions';

/**
 * The mock's protected resource metadata (RFC 9728) is true: each protected resource's document at its
 * path-inserted well-known URL (§3.1), named by its 401 challenge's resource_metadata (§5.1), and naming exactly
 * the resource that challenged (§3.3, as the project's own MCP client checks it). The origin is no protected
 * resource (GET / answers 404), so the root well-known URL has no document.
 */
const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());

/** The resource_metadata of a 401's Bearer or DPoP challenge. */
const resourceMetadataOf = (header: unknown): string | undefined =>
  parseChallenges([String(header)]).find((c) => c.params.resource_metadata)?.params.resource_metadata;

describe('protected resource metadata (RFC 9728) of the mock', () => {
  it('serves none at the root: the origin is not a protected resource', async () => {
    expect((await h.send({ path: '/' })).status).toBe(404);
    expect((await h.send({ path: '/.well-known/oauth-protected-resource' })).status).toBe(404);
  });
  it.each([
    ['/api/v2/me', 'GET', {}],
    ['/api/v2/me', 'GET', bearer('unknown-token')],
    ['/mcp', 'POST', {}],
  ])('%s (%s): the 401 names its metadata, which names exactly that resource', async (path, method, headers) => {
    const refused = await h.send({
      method,
      path,
      headers: { 'content-type': 'application/json', ...headers },
      body: '{}',
    });
    expect(refused.status).toBe(401);
    const url = resourceMetadataOf(refused.headers['www-authenticate']);
    expect(url).toBe(`${h.base}/.well-known/oauth-protected-resource${path}`);
    const doc = json((await h.send({ path: new URL(url!).pathname })).body);
    expect(doc).toMatchObject({ resource: `${h.base}${path}`, authorization_servers: [h.base] });
    expect(checkResourceMetadata(doc, `${h.base}${path}`, 'challenge').ok).toBe(true);
  });
  it("the API's document says how it takes tokens: the header, the query only with its switch, DPoP's algorithms", async () => {
    const read = async () => json((await h.send({ path: '/.well-known/oauth-protected-resource/api/v2/me' })).body);
    expect(await read()).toMatchObject({
      bearer_methods_supported: ['header'],
      dpop_signing_alg_values_supported: ['ES256', 'RS256', 'PS256', 'EdDSA'],
    });
    await h.settings({ switches: { allowQueryAccessToken: true } });
    try {
      expect((await read()).bearer_methods_supported).toEqual(['header', 'query']);
    } finally {
      await h.settings({ switches: { allowQueryAccessToken: false } });
    }
  });
});
