import { expect, it } from 'vitest';
import type { Grant } from '../../../../../shared/flows/driver/grant';
import { legOrder } from '../../../../../shared/flows/driver/leg-order';
import { CLIENT_GRANTS } from '../../../../../shared/flows/driver/registry';
import { startClientCredentials, type MachineClient } from '../../../../../shared/flows/client-credentials-flow';
import { startDevice } from '../../../../../shared/flows/device-flow';
import { nodeCrypto } from '../../../../../platform/node/node-crypto';

/** The order a grant page lists a grant's legs in: the grant's run from `first`, then what the user sends alone. */
const client: MachineClient = {
  baseUrl: 'http://127.0.0.1:9',
  tokenUrl: 'http://127.0.0.1:9/token',
  clientId: 'c',
  clientSecret: 's',
  authentication: 'body',
  apiPath: '/api',
};

it("the registered grants: the device's run (device, then its polls) then the API call; client credentials' token then the call", () => {
  const device = CLIENT_GRANTS.device_code;
  expect(
    legOrder(device, startDevice({ ...client, deviceAuthorizationUrl: 'http://127.0.0.1:9/d', scope: null }))
  ).toEqual(['device', 'poll', 'api']);
  const cc = CLIENT_GRANTS.client_credentials;
  expect(legOrder(cc, startClientCredentials({ ...client, scope: null, resources: [], audience: null }))).toEqual([
    'token',
    'api',
  ]);
});

it('a grant whose next leads back to an earlier leg lists each leg once and ends', () => {
  const looping = {
    first: 'b',
    next: (leg: string) => (leg === 'b' ? 'a' : 'b'),
    legs: { a: {}, b: {}, c: {} },
  } as unknown as Grant<null, null, 'a' | 'b' | 'c'>;
  expect(legOrder(looping, null)).toEqual(['b', 'a', 'c']);
});

it('the code grant starts with its push when the config names the endpoint (RFC 9126), with the browser otherwise', () => {
  const code = CLIENT_GRANTS.authorization_code;
  const random = { bytes: (n: number) => new Uint8Array(n).fill(7) };
  const config = {
    baseUrl: 'http://127.0.0.1:9',
    clientId: 'c',
    clientSecret: 's',
    redirectUri: 'http://127.0.0.1/cb',
  };
  expect(legOrder(code, code.start({ ...config, parEndpoint: 'http://127.0.0.1:9/par' }, random, nodeCrypto))).toEqual([
    'par',
    'authorize',
    'token',
    'api',
    'refresh',
  ]);
  expect(legOrder(code, code.start({ ...config, pkce: null }, random, nodeCrypto)).slice(0, 2)).toEqual([
    'authorize',
    'token',
  ]);
});
