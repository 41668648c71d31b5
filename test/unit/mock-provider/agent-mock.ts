import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { scratchDir } from '../../support/scratch-dir';
import { Harness, REDIRECT, tokens } from './helpers';
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

/** The user's id_token from the mock as IdP (its single sign-on, scope openid read): what an ID-JAG is asked for. */
export const userIdToken = async (h: Harness): Promise<string> =>
  String((await tokens(h, { scope: 'openid read' })).id_token);

/** The user's id_token in a file of its own, as a host would hand it over (removed when the test ends). */
export async function idTokenFile(h: Harness): Promise<string> {
  const file = join(scratchDir('id-token-'), 'id_token.jwt');
  writeFileSync(file, `${await userIdToken(h)}\n`);
  return file;
}
