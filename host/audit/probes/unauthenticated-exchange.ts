import { exchange, issuedTokens, obtainCode, type CodeAnswer } from './code-kit';
import type { ProbeContext } from './probe-context';
import type { TokenAnswer } from './probe-kit';

/**
 * A fresh code of the confidential client exchanged with its client_id alone, no secret anywhere (token endpoint
 * authentication method `none`): RFC 6749 §4.1.3 has the server authenticate a confidential client. Taken, it is
 * advertised-not-enforced where the metadata leaves `none` out, and it leaves client-secret-in-query undecided.
 */
export async function exchangeWithoutSecret(
  ctx: ProbeContext
): Promise<{ readonly accepted: boolean; readonly answer: TokenAnswer; readonly code: CodeAnswer & { code: string } }> {
  const code = await obtainCode(ctx);
  const answer = await exchange({ ...ctx, client: { ...ctx.client, clientSecret: null } }, code.code, code.verifier);
  return { accepted: issuedTokens(answer), answer, code };
}
