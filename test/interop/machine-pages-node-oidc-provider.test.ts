import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from 'vitest';
import { browserCrypto } from '../../renderer/platform/crypto';
import { createClientCredentialsStore, createDeviceStore } from '../../renderer/state/machine/machine-stores';
import { profileSchema } from '../../shared/store/profile';
import { hostBridge } from '../unit/renderer/state/host-bridge';
import { nodeRandom } from '../../platform/node/node-crypto';
import {
  byCertificate,
  DEVICE_METHODS,
  MACHINE_METHODS as METHODS,
  machineProfileInput,
  startMachineProvider,
  type MachineProvider,
} from '../support/node-oidc-provider-machine';

/**
 * Interop: the Client credentials and Device authorization pages' stores (the page's host port over the real host
 * services) against node-oidc-provider (panva; nobody here wrote it) with DPoP on: a token with every client
 * authentication method the profile names, the assertion signed in by the driver (RFC 7523 §2.2) and the DPoP proof
 * (RFC 9449 §5) shown as sent; the provider verifies both itself. The device page finds the provider's
 * device_authorization_endpoint by discovery (RFC 8628 §4); the user at the other device is played through the
 * provider's own model, as its verification pages would.
 */
let op: MachineProvider;
let issuer = '';
let dpopKey = '';

beforeAll(async () => {
  op = await startMachineProvider();
  issuer = op.issuer;
  dpopKey = JSON.stringify(await exportJWK((await generateKeyPair('ES256', { extractable: true })).privateKey));
});
afterAll(() => op.close());

/** The profile of this client and method (and DPoP when asked), at the provider. */
const profileOf = (clientId: string, method: string, dpop: boolean, scope = 'api:read') => {
  const input = machineProfileInput(op, clientId, method, scope);
  return profileSchema.parse({
    ...input,
    id: `page-${clientId}`,
    name: clientId,
    oauth2: { ...input.oauth2, ...(dpop ? { dpop: true, dpopKey } : {}) },
  });
};
const deps = (bridge: ReturnType<typeof hostBridge>['bridge']) => ({
  bridge,
  crypto: browserCrypto,
  random: nodeRandom,
  now: Date.now,
});

/** The page's store runs the token leg for a profile with this client and method (and DPoP when asked). */
async function tokenLeg(clientId: string, method: string, dpop: boolean) {
  const host = hostBridge();
  try {
    const profile = profileOf(clientId, method, dpop);
    const store = createClientCredentialsStore(deps(host.bridge));
    await store.getState().flowStarted(profile, issuer);
    await store.getState().legSent('token');
    return store.getState().runs.token!;
  } finally {
    await host.close();
  }
}

describe('the Client credentials page against node-oidc-provider', () => {
  it.each(METHODS)('%s (%s): a token, and the client assertion it sent shown', async (clientId, method) => {
    const run = await tokenLeg(clientId, method, false);
    expect(run.error).toBeNull();
    expect(run.outcome?.summary).toMatch(/^Access token received/);
    expect(run.exchange?.response.status).toBe(200);
    if (method.endsWith('_jwt')) {
      expect(run.assertion?.method).toBe(method);
      expect(run.exchange?.request.body).toContain(`client_assertion=${run.assertion!.assertion}`);
    } else expect(run.assertion).toBeNull();
  });

  it.each(METHODS)(
    '%s (%s) with DPoP: a DPoP-bound token through the nonce challenge, the proofs shown',
    async (clientId, method) => {
      const run = await tokenLeg(clientId, method, true);
      expect(run.error).toBeNull();
      expect(JSON.parse(run.exchange!.response.bodyText)).toMatchObject({ token_type: 'DPoP' });
      // The first proof, refused for its missing nonce, then the proof with the server's nonce (§8).
      expect(run.dpop?.proofs.map((p) => p.step)).toEqual(['proof', 'nonce-retry']);
      expect(run.dpop?.nonceRetried).toBe(true);
    }
  );
});

/** The device page's store: the device authorization request, the user's approval, the polls until the token. */
async function deviceFlow(clientId: string, method: string, dpop: boolean, expect: ExpectStatic) {
  const host = hostBridge();
  try {
    const store = createDeviceStore(deps(host.bridge));
    const s = store.getState;
    await s().flowStarted(profileOf(clientId, method, dpop, 'openid'), issuer);
    const config = s().flow!.config;
    const polling = s().legSent('device');
    await expect.poll(() => s().flow?.device?.userCode ?? s().runs.device?.error?.message).toMatch(/^[A-Z0-9-]+$/);
    await op.approve(s().flow!.device!.userCode);
    await polling;
    return { config, device: s().runs.device!, poll: s().runs.poll! };
  } finally {
    await host.close();
  }
}

// node-oidc-provider asks for a poll every 5 s: the cases run side by side.
describe.concurrent('the Device authorization page against node-oidc-provider', () => {
  it.for(DEVICE_METHODS)(
    '%s (%s): the endpoint from discovery, the assertion on each request, a token',
    { timeout: 30_000 },
    async ([clientId, method], { expect }) => {
      const { config, device, poll } = await deviceFlow(clientId, method, false, expect);
      // The certificate clients name its HTTPS endpoint in the profile; the others find it in the metadata.
      const tls = byCertificate(method);
      expect(config.deviceAuthorizationUrl).toBe(`${tls ? op.tls.url : issuer}/device/auth`);
      expect(config.deviceAuthorizationFrom).toBe(tls ? 'the profile' : `the metadata of ${issuer}`);
      expect(device.exchange?.response.status).toBe(200);
      expect(poll.error).toBeNull();
      expect(poll.outcome?.ok).toBe(true);
      if (method.endsWith('_jwt')) {
        expect(device.assertion?.method).toBe(method);
        expect(poll.assertion?.method).toBe(method);
        expect(poll.assertion?.claims.jti).not.toBe(device.assertion?.claims.jti);
      }
    }
  );

  it.for(DEVICE_METHODS)(
    '%s (%s) with DPoP: the polls carry proofs, a DPoP-bound token',
    { timeout: 30_000 },
    async ([clientId, method], { expect }) => {
      const { poll } = await deviceFlow(clientId, method, true, expect);
      expect(poll.error).toBeNull();
      expect(JSON.parse(poll.exchange!.response.bodyText)).toMatchObject({ token_type: 'DPoP' });
      expect(poll.dpop?.proofs.length).toBeGreaterThan(0);
    }
  );
});
