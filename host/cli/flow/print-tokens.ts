import { tokenTail } from '../../../shared/oidc';
import { isSecretParameter } from '../../../shared/secrets';
import type { TextOutput } from '../io';
import { terminalSafe } from '../terminal-text';

/**
 * Fields of a token response that are credentials, by the one list (shared/secrets.ts): whoever holds one uses it
 * (RFC 6750 §5.1 (https://www.rfc-editor.org/rfc/rfc6750#section-5.1)). A nested field by its last name.
 */
const isSecretField = (name: string) => isSecretParameter(name.slice(name.lastIndexOf('.') + 1), 'json');

/** How a flow's token fields go to stdout: the JSON object, name=value lines, or lines with credentials shortened. */
export type TokenPrint = 'json' | 'lines' | 'masked';

/**
 * Writes a flow's token response fields on stdout. `masked` (with --save, when the store keeps them) shows enough
 * of each credential to tell it apart (tokenTail), so the tokens do not sit whole in the terminal's scrollback.
 * With --dpop, the JSON adds `dpop: {thumbprint}`: the RFC 7638 thumbprint of the key the token is bound to
 * (RFC 9449 §6), as `call --json` does.
 */
export function printTokens(
  out: TextOutput,
  fields: Readonly<Record<string, unknown>>,
  how: TokenPrint,
  dpopThumbprint: string | null = null
) {
  // Control characters in JSON are escaped on the way out, as every write of the CLI is (main.ts).
  if (how === 'json')
    return void out.write(
      `${JSON.stringify(dpopThumbprint === null ? fields : { ...fields, dpop: { thumbprint: dpopThumbprint } })}\n`
    );
  for (const [name, value] of flatten(fields))
    out.write(
      `${terminalSafe(name)}=${how === 'masked' && isSecretField(name) ? tokenTail(value) : terminalSafe(value)}\n`
    );
}

/** Fields as `name=value` lines; a nested object's fields (Slack's authed_user.access_token) under dotted names. */
function flatten(fields: Readonly<Record<string, unknown>>, prefix = ''): [string, string][] {
  return Object.entries(fields).flatMap(([name, value]): [string, string][] =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? flatten(value as Record<string, unknown>, `${prefix}${name}.`)
      : [[`${prefix}${name}`, typeof value === 'string' ? value : JSON.stringify(value)]]
  );
}
