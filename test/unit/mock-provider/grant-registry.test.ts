import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../mock-provider';
import { parseConfig } from '../../../mock-provider/load-config';
import { grantChoices, grantFor, GRANT_TYPES } from '../../../mock-provider/grants/registry';
import { C, Harness, json, REDIRECT, tokenRequest } from './helpers';
import { expectOAuth2Error } from './oauth2-assertions';

const ALL_GRANTS = [
  'authorization_code',
  'refresh_token',
  'client_credentials',
  'urn:ietf:params:oauth:grant-type:device_code',
  'urn:ietf:params:oauth:grant-type:jwt-bearer',
  'urn:ietf:params:oauth:grant-type:token-exchange',
];

/** The registry of grant types: the one list the token endpoint, the discovery document and the configuration read. */
describe('grant registry', () => {
  it('maps each registered grant_type to its module, and nothing else', () => {
    expect(GRANT_TYPES).toEqual(ALL_GRANTS);
    for (const t of GRANT_TYPES) expect(grantFor(t)?.grantType).toBe(t);
    expect(grantFor('password')).toBeUndefined();
    expect(grantFor('CLIENT_CREDENTIALS')).toBeUndefined();
    expect(grantFor('')).toBeUndefined();
  });

  it('names the grants in order, with where each is defined when asked', () => {
    expect(grantChoices(false)).toBe(
      'authorization_code, refresh_token, client_credentials, urn:ietf:params:oauth:grant-type:device_code, urn:ietf:params:oauth:grant-type:jwt-bearer or urn:ietf:params:oauth:grant-type:token-exchange'
    );
    expect(grantChoices(true)).toBe(
      'authorization_code (interface §4.2), refresh_token, client_credentials, urn:ietf:params:oauth:grant-type:device_code, urn:ietf:params:oauth:grant-type:jwt-bearer or urn:ietf:params:oauth:grant-type:token-exchange (RFC 8693 §2.1)'
    );
  });

  it("a client's grantTypes accept exactly the registered grants, by default all of them", () => {
    const client = { id: 'c', secret: 's', redirectUris: [REDIRECT] };
    expect(parseConfig({ oauth2: { clients: [client] } }).oauth2.clients[0]!.grantTypes).toEqual(ALL_GRANTS);
    expect(parseConfig({}).oauth2.clients[0]!.grantTypes).toEqual(ALL_GRANTS);
    expect(() => parseConfig({ oauth2: { clients: [{ ...client, grantTypes: ['password'] }] } })).toThrow(ConfigError);
    expect(() => parseConfig({ oauth2: { clients: [{ ...client, grantTypes: ['password'] }] } })).toThrow(/grantTypes/);
  });
});

describe('the token endpoint dispatches by the registry', () => {
  const h = new Harness();
  beforeAll(() => h.start());
  afterAll(() => h.stop());

  it('an unregistered grant_type is unsupported_grant_type naming every registered one (RFC 6749 §5.2)', async () => {
    for (const grantType of ['password', 'urn:ietf:params:oauth:grant-type:saml2-bearer', 'AUTHORIZATION_CODE']) {
      const body = expectOAuth2Error(
        await tokenRequest(h, { grant_type: grantType, client_id: C.client.id, client_secret: C.client.secret }),
        400,
        'unsupported_grant_type'
      );
      // The description is ASCII without '"' (RFC 6749 §5.2 (https://www.rfc-editor.org/rfc/rfc6749#section-5.2)), so the quotes around the value become apostrophes.
      expect(body.error_description).toBe(
        `grant_type '${grantType}' is not supported; use authorization_code, refresh_token, client_credentials, urn:ietf:params:oauth:grant-type:device_code, urn:ietf:params:oauth:grant-type:jwt-bearer or urn:ietf:params:oauth:grant-type:token-exchange.`
      );
    }
  });

  it('a missing grant_type names the registered grants and where each is defined', async () => {
    const body = expectOAuth2Error(
      await tokenRequest(h, { client_id: C.client.id, client_secret: C.client.secret }),
      400,
      'invalid_request'
    );
    expect(body.error_description).toBe(
      'grant_type is missing; use authorization_code (interface section 4.2), refresh_token, client_credentials, urn:ietf:params:oauth:grant-type:device_code, urn:ietf:params:oauth:grant-type:jwt-bearer or urn:ietf:params:oauth:grant-type:token-exchange (RFC 8693 section 2.1).'
    );
  });

  it('the discovery document offers the registered grants (RFC 8414 §2 grant_types_supported)', async () => {
    const doc = json((await h.send({ path: '/.well-known/openid-configuration' })).body);
    expect(doc.grant_types_supported).toEqual([...GRANT_TYPES]);
  });
});
