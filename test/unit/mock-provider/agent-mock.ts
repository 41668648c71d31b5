import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { scratchDir } from '../../support/scratch-dir';
import { C, getCode, Harness, json, REDIRECT, s256, tokenRequest, tokens, VERIFIER } from './helpers';
import { mockWithClients } from './mock-with-clients';

/** A token type URI of RFC 8693 §3: `urn:ietf:params:oauth:token-type:<t>`. */
export const TOKEN_TYPE = (t: string) => `urn:ietf:params:oauth:token-type:${t}`;

interface AgentMockOptions {
  /** Clients beside the default one and `agent`. */
  readonly more?: readonly Record<string, unknown>[];
  readonly autoLoginUser?: string;
  /** The switch idJagFault turned off after each test. */
  readonly idJag?: boolean;
}

/**
 * The mock of the agent grants' tests (token exchange, ID-JAG): the default client and `agent`, a public client
 * (no authentication, RFC 6749 §2.1), with `more`; started before the file's tests and stopped after them.
 */
export function agentMock({ more = [], autoLoginUser, idJag = false }: AgentMockOptions = {}): Harness {
  const agent = { id: 'agent', redirectUris: [REDIRECT], tokenEndpointAuthMethod: 'none' };
  const h = mockWithClients([agent, ...more], { autoLoginUser });
  if (idJag) afterEach(() => h.settings({ switches: { idJagFault: 'off' } }));
  return h;
}

/**
 * The user's id_token from the mock as IdP (its single sign-on, scope openid read), issued to `clientId` (the mock's
 * default client unless told; a client other than it public, with PKCE): what that client asks an ID-JAG for.
 */
export async function userIdToken(h: Harness, clientId: string = C.client.id): Promise<string> {
  if (clientId === C.client.id) return String((await tokens(h, { scope: 'openid read' })).id_token);
  const pkce = { code_challenge: s256(VERIFIER), code_challenge_method: 'S256' };
  const code = await getCode(h, { client_id: clientId, scope: 'openid read', ...pkce });
  const r = await tokenRequest(h, {
    grant_type: 'authorization_code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code,
    code_verifier: VERIFIER,
  });
  if (r.status !== 200) throw new Error(`token failed: ${r.status} ${r.body}`);
  return String(json(r.body).id_token);
}

/** The user's id_token for `clientId` in a file of its own, as a host would hand it over (removed when the test ends). */
export async function idTokenFile(h: Harness, clientId?: string): Promise<string> {
  const file = join(scratchDir('id-token-'), 'id_token.jwt');
  writeFileSync(file, `${await userIdToken(h, clientId)}\n`);
  return file;
}
