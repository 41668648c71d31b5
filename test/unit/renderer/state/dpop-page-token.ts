import { expect } from 'vitest';
import { createDpopHandlers } from '../../../../host/bridge/dpop-handlers';
import { createOAuth2Store } from '../../../../renderer/state/oauth2/oauth2-store';
import { profileSchema, type Profile } from '../../../../shared/store/profile';
import { C, type Harness } from '../../mock-provider/helpers';
import { countedHost } from './counted-host';
import { nodeRandom } from '../../../../platform/node/node-crypto';

const dpop = createDpopHandlers();

/** A profile of the mock's client with DPoP on (RFC 9449) and a new ES256 key. */
async function dpopProfile(h: Harness, extra: Record<string, unknown> = {}) {
  const key = await dpop.dpopKey({ key: '', alg: 'ES256' });
  const profile: Profile = profileSchema.parse({
    id: 'dpop',
    name: 'DPoP',
    baseUrl: h.base,
    service: true,
    oauth2: {
      clientId: C.client.id,
      clientSecret: C.client.secret,
      scope: 'read',
      dpop: true,
      dpopKey: key.key,
      ...extra,
    },
  });
  return { profile, key };
}

/**
 * A page's dependencies over the host's real transport, its DPoP key read and proofs signed by the host's handlers;
 * random bytes from Node, so no proof's jti repeats one the mock has seen (RFC 9449 §11.1).
 */
function dpopHost() {
  const host = countedHost({ dpopKey: dpop.dpopKey, dpopSign: dpop.dpopSign });
  return { ...host, deps: { ...host.deps, random: nodeRandom } };
}

/**
 * The OAuth 2 page after a real code grant at the mock with DPoP on: its token DPoP-bound to the profile's key
 * (`token_type` DPoP checked).
 */
export async function pageWithDpopToken(h: Harness, extra: Record<string, unknown> = {}) {
  const { profile, key } = await dpopProfile(h, extra);
  const { deps } = dpopHost();
  const page = createOAuth2Store(deps);
  const s = page.getState;
  await s().flowStarted(profile, h.base);
  const landed = await fetch((await s().authorizationStarted())!, { redirect: 'manual' });
  await s().urlPasted(landed.headers.get('location')!);
  await s().legSent('token');
  expect(s().runs.token!.outcome?.ok, s().runs.token!.outcome?.summary).toBe(true);
  expect(s().flow!.token!.fields.token_type).toBe('DPoP');
  return { page, profile, key, deps };
}
