import { DPOP_ALGS } from '../../../shared/dpop/dpop-key';
import type { DpopExpectations } from '../../../shared/dpop/expectations';
import { verifyDpopProof, type DpopVerification } from '../../../shared/dpop/verify';
import { decodeJwt, looksLikeJwt } from '../../../shared/oidc/jwt';
import { joseVerifier } from '../../../platform/jose';
import { nodeCrypto } from '../../../platform/node/node-crypto';
import { UsageError, type CliIO } from '../io';
import { terminalSafe } from '../terminal-text';

/** The flags `debug --dpop` reads; any other flag given with it is refused. */
export const DPOP_DEBUG_FLAGS = ['dpop', 'method', 'url', 'access-token', 'nonce', 'jkt', 'json'] as const;
type DpopValues = Partial<Record<(typeof DPOP_DEBUG_FLAGS)[number], string | boolean>>;

/**
 * `oauth-lab debug --dpop PROOF`: every check of RFC 9449 §4.3 (https://www.rfc-editor.org/rfc/rfc9449#section-4.3)
 * on a pasted proof, each mistake named with its section; checks whose input was not given are shown as skipped.
 */
export async function dpopDebugCommand(values: DpopValues, io: CliIO, now: number): Promise<number> {
  const str = (k: (typeof DPOP_DEBUG_FLAGS)[number]) => (typeof values[k] === 'string' ? values[k] : null);
  const proof = str('dpop')!
    .replace(/^\s*dpop\s*:\s*/i, '')
    .trim();
  if (!proof) throw new UsageError('--dpop is empty; give the proof JWT, the value of the DPoP header.');
  const accessToken = str('access-token');
  const bound = str('jkt') ?? boundThumbprint(accessToken);
  const expect: DpopExpectations = {
    method: str('method'),
    url: str('url'),
    accessToken,
    nonce: str('nonce'),
    boundJkt: bound,
    nowSeconds: Math.floor(now / 1000),
  };
  if (expect.url) assertUrl(expect.url);
  const v = await verifyDpopProof(proof, expect, nodeCrypto, joseVerifier);
  io.stdout.write(values.json ? `${JSON.stringify(jsonResult(v, bound), null, 2)}\n` : textResult(v, bound));
  return v.ok ? 0 : 1;
}

/** `cnf.jkt` of a JWT access token (RFC 9449 §6.1), so the bound key need not be typed again. */
function boundThumbprint(accessToken: string | null): string | null {
  if (!accessToken || !looksLikeJwt(accessToken)) return null;
  try {
    const cnf = decodeJwt(accessToken).payload.cnf as { jkt?: unknown } | undefined;
    return typeof cnf?.jkt === 'string' ? cnf.jkt : null;
  } catch {
    return null;
  }
}

function assertUrl(url: string): void {
  if (!/^https?:\/\/[^/?#]+/i.test(url.trim()))
    throw new UsageError(`--url ${JSON.stringify(url)} is not an absolute http(s) URL; give the request's URL.`);
}

const jsonResult = (v: DpopVerification, bound: string | null) => ({
  verdict: v.ok ? 'valid' : 'mistakes',
  mistakes: v.mistakes,
  checks: v.checks,
  header: v.header,
  payload: v.payload,
  thumbprint: v.thumbprint,
  boundJkt: bound,
  algorithms: DPOP_ALGS,
});

/** Which checks were not made, so "no mistake" is never read as more than it is. */
function notMade(v: DpopVerification): string {
  const skipped = v.checks.filter((c) => c.status === 'skipped').map((c) => c.id);
  return skipped.length ? ` in the checks made (not made: ${skipped.join(', ')})` : '';
}

const MARK = { passed: 'ok  ', failed: 'FAIL', skipped: '--  ' } as const;

function textResult(v: DpopVerification, bound: string | null): string {
  const out: string[] = [];
  if (v.header) out.push(`Header:  ${JSON.stringify(v.header)}`);
  if (v.payload) out.push(`Claims:  ${JSON.stringify(v.payload)}`);
  if (v.thumbprint)
    out.push(`Key thumbprint (RFC 7638): ${v.thumbprint}${bound ? `; bound key (cnf.jkt): ${bound}` : ''}`);
  out.push(
    '',
    v.ok
      ? `Verdict: no mistake found${notMade(v)}.`
      : `Verdict: ${v.mistakes.length} mistake${v.mistakes.length > 1 ? 's' : ''}.`,
    '',
    'Checks (RFC 9449 §4.3):'
  );
  for (const c of v.checks) out.push(`  ${MARK[c.status]}  ${c.title} (${c.section}): ${c.detail}`);
  if (v.mistakes.length) {
    out.push('', 'Mistakes:');
    v.mistakes.forEach((m, i) => out.push(`  ${i + 1}. ${m.id}: ${m.title} (${m.section})`, `     ${m.detail}`));
  }
  // A pasted proof is untrusted text: each line is one line.
  return `${out.map(terminalSafe).join('\n')}\n`;
}
