import { ProtocolError } from '../../../shared/errors';
import {
  alignDiff,
  checkBasicCredentials,
  diagnoseSignature,
  libraryNames,
  parseBaseString,
  parseCurlCommand,
  parseRawHttpRequest,
  requestFromFields,
  type BasicCredentialsCheck,
  type Comparison,
  type DebugRequest,
  type Diagnosis,
} from '../../../shared/oauth1/debug';
import { nodeCrypto } from '../../services/node-crypto';
import { rsaPublicKeyProblem } from '../../services/rsa-public-key';
import { parseFlags } from '../flags';
import { DEBUG_SECRETS, secretFlagOptions, withSecrets } from '../secret-flags';
import { headerFlag } from '../flow/profile-flags';
import { UsageError, type CliIO, type Command } from '../io';
import { readFileFlag } from '../read-file-flag';
import { DEBUG_HELP } from '../help/debug';
import { terminalSafe } from '../terminal-text';
import { dpopDebugCommand, DPOP_DEBUG_FLAGS } from './debug-dpop';

const FLAGS = {
  'request-file': { type: 'string' },
  scheme: { type: 'string' },
  curl: { type: 'string' },
  'curl-file': { type: 'string' },
  url: { type: 'string' },
  method: { type: 'string' },
  body: { type: 'string' },
  'content-type': { type: 'string' },
  authorization: { type: 'string' },
  header: { type: 'string', multiple: true },
  'rsa-public-key': { type: 'string' },
  'server-base-string': { type: 'string' },
  'client-base-string': { type: 'string' },
  'oauth2-basic': { type: 'string' },
  'client-id': { type: 'string' },
  dpop: { type: 'string' },
  nonce: { type: 'string' },
  jkt: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  ...secretFlagOptions(DEBUG_SECRETS),
} as const;

type Values = ReturnType<typeof parseFlags<typeof FLAGS>>;

export const debugCommand: Command = async (argv, io) => {
  const values = withSecrets(parseFlags(argv, FLAGS, 'debug'), io.env, DEBUG_SECRETS);
  if (values.help) {
    io.stdout.write(DEBUG_HELP);
    return 0;
  }
  if (
    values['oauth2-basic'] !== undefined ||
    values['client-id'] !== undefined ||
    values['client-secret'] !== undefined
  )
    return basicCommand(values, io);
  if (values.dpop !== undefined) return dpopCommand(values, io);
  const dpopOnly = (['access-token', 'nonce', 'jkt'] as const).find((k) => values[k] !== undefined);
  if (dpopOnly) throw new UsageError(`--${dpopOnly} goes with --dpop PROOF.`);
  const request = await readRequest(values, io);
  const rsaPublicKeyPem = values['rsa-public-key'] ? readFileFlag('--rsa-public-key', values['rsa-public-key']) : null;
  const keyProblem =
    rsaPublicKeyPem === null
      ? null
      : rsaPublicKeyProblem(rsaPublicKeyPem, `--rsa-public-key ${values['rsa-public-key']}`);
  if (keyProblem) throw new UsageError(keyProblem);
  const serverBaseString = inputBaseString(values['server-base-string'], '--server-base-string');
  const clientBaseString = inputBaseString(values['client-base-string'], '--client-base-string');
  if (values['consumer-secret'] === undefined && !rsaPublicKeyPem && !serverBaseString && !clientBaseString) {
    throw new UsageError(
      'nothing to check the signature with: give --consumer-secret (and --token-secret), --rsa-public-key for RSA, or a base string to compare (--server-base-string).'
    );
  }
  const d = diagnoseSignature(
    {
      request,
      consumerSecret: values['consumer-secret'] ?? null,
      tokenSecret: values['token-secret'] ?? null,
      rsaPublicKeyPem,
      serverBaseString,
      clientBaseString,
    },
    nodeCrypto
  );
  io.stdout.write(values.json ? `${JSON.stringify(jsonResult(d, request), null, 2)}\n` : textResult(d, request));
  return d.verdict === 'match' ? 0 : 1;
};

/** `--oauth2-basic`: how a client put its OAuth 2 credentials into HTTP Basic (RFC 6749 §2.3.1 (https://www.rfc-editor.org/rfc/rfc6749#section-2.3.1)). */
function basicCommand(v: Values, io: CliIO): number {
  const other = (Object.keys(v) as (keyof Values)[]).filter(
    (k) => v[k] !== undefined && !['oauth2-basic', 'client-id', 'client-secret', 'json'].includes(k)
  );
  if (other.length)
    throw new UsageError(`--oauth2-basic checks a Basic header alone; --${other[0]} does not go with it.`);
  const missing = (['oauth2-basic', 'client-id', 'client-secret'] as const).filter((k) => v[k] === undefined);
  if (missing.length) throw new UsageError(`--oauth2-basic needs ${missing.map((k) => `--${k}`).join(' and ')}.`);
  let check: BasicCredentialsCheck;
  try {
    check = checkBasicCredentials(v['oauth2-basic']!, v['client-id']!, v['client-secret']!);
  } catch (e) {
    if (e instanceof ProtocolError) throw new UsageError(`--oauth2-basic: ${e.message}`);
    throw e;
  }
  if (v.json) io.stdout.write(`${JSON.stringify(check, null, 2)}\n`);
  else {
    const lines = [`Encoding: ${check.encoding}. ${check.summary}`];
    for (const b of check.libraries.behaviours)
      lines.push(
        `  ${b.id}. ${b.title} (${b.section})`,
        `     known in: ${libraryNames(b.libraries)}`,
        `     source: ${b.source}`
      );
    io.stdout.write(`${lines.map(terminalSafe).join('\n')}\n`);
  }
  return check.encoding === 'form-urlencoded' || check.encoding === 'either' ? 0 : 1;
}

/** `--dpop`: a DPoP proof alone, with what it is checked against; flags of the OAuth 1.0a debugger do not go with it. */
async function dpopCommand(v: Values, io: CliIO): Promise<number> {
  const allowed: readonly string[] = [...DPOP_DEBUG_FLAGS, 'access-token-file'];
  const other = (Object.keys(v) as (keyof Values)[]).find((k) => v[k] !== undefined && !allowed.includes(k));
  if (other) throw new UsageError(`--dpop checks a DPoP proof; --${other} does not go with it.`);
  return dpopDebugCommand(v, io, Date.now());
}

/** Exactly one form of the request; a parser's coded error is the input's fault, so a usage error (exit 2). */
async function readRequest(v: Values, io: CliIO): Promise<DebugRequest> {
  const forms = (['request-file', 'curl', 'curl-file', 'url'] as const).filter((f) => v[f] !== undefined);
  if (forms.length !== 1)
    throw new UsageError(
      forms.length
        ? `give the request one way only; got ${forms.map((f) => `--${f}`).join(' and ')}.`
        : 'give the request: --request-file FILE (raw HTTP), --curl "curl ..." or --curl-file FILE, or --url with --authorization.'
    );
  const fieldFlags = (['method', 'body', 'content-type', 'authorization', 'header'] as const).filter(
    (f) => v[f] !== undefined
  );
  if (forms[0] !== 'url' && fieldFlags.length)
    throw new UsageError(
      `--${fieldFlags[0]} goes with --url; the ${forms[0] === 'request-file' ? 'raw request' : 'curl command'} already carries it.`
    );
  if (v.scheme !== undefined && forms[0] !== 'request-file')
    throw new UsageError('--scheme goes with --request-file (a curl command or --url names its scheme).');
  if (v.scheme !== undefined && v.scheme !== 'http' && v.scheme !== 'https')
    throw new UsageError(`--scheme must be http or https; got "${v.scheme}".`);
  try {
    if (forms[0] === 'request-file')
      return parseRawHttpRequest(await readInput(v['request-file']!, '--request-file', io), {
        scheme: (v.scheme as 'http' | 'https' | undefined) ?? null,
      });
    if (forms[0] === 'curl') return parseCurlCommand(v.curl!);
    if (forms[0] === 'curl-file') return parseCurlCommand(await readInput(v['curl-file']!, '--curl-file', io));
    return requestFromFields({
      url: v.url!,
      method: v.method ?? null,
      body: v.body ?? null,
      contentType: v['content-type'] ?? null,
      authorization: v.authorization ?? null,
      headers: (v.header ?? []).map(headerFlag),
    });
  } catch (e) {
    if (e instanceof ProtocolError) throw new UsageError(`${e.step}: ${e.message}`);
    throw e;
  }
}

function inputBaseString(
  text: string | undefined,
  flag: '--server-base-string' | '--client-base-string'
): string | null {
  if (text === undefined) return null;
  try {
    return parseBaseString(text, flag === '--server-base-string' ? 'server-base-string' : 'client-base-string').text;
  } catch (e) {
    if (e instanceof ProtocolError) throw new UsageError(`${flag}: ${e.message}`);
    throw e;
  }
}

async function readInput(file: string, flag: string, io: CliIO): Promise<string> {
  if (file !== '-') return readFileFlag(flag, file);
  let text = '';
  for await (const chunk of io.stdin) text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  return text;
}

function jsonResult(d: Diagnosis, request: DebugRequest) {
  const finding = ({ cause, title, section, detail, behaviour, libraries }: Diagnosis['warnings'][number]) => ({
    cause,
    title,
    section,
    detail,
    ...(behaviour ? { behaviour, libraries } : {}),
  });
  return {
    verdict: d.verdict,
    summary: d.summary,
    signatureMethod: d.signatureMethod,
    placement: d.placement,
    receivedSignature: d.receivedSignature,
    expectedSignature: d.expectedSignature,
    baseString: d.baseString,
    serverBaseString: d.serverBaseString,
    clientBaseString: d.clientBaseString,
    request: {
      origin: request.origin,
      method: request.method,
      url: request.url,
      notes: request.notes,
      assumedScheme: request.assumedScheme ?? null,
    },
    resigned: d.resigned,
    causes: d.causes,
    libraries: d.libraries,
    serverLibraries: d.serverLibraries,
    warnings: d.warnings.map(finding),
    comparisons: d.comparisons.map((c) => ({
      top: c.top,
      bottom: c.bottom,
      same: c.same,
      firstDifference: c.firstDifference,
      findings: c.findings.map(finding),
    })),
    reproductions: d.reproductions.map((r) => ({
      signatureMethod: r.signatureMethod,
      baseString: r.baseString,
      mistakes: r.mistakes.map(finding),
    })),
  };
}

/** Columns of base string per line, so the ^ marks stay under their characters in a terminal. */
const WIDTH = 96;

function textResult(d: Diagnosis, request: DebugRequest): string {
  const out: string[] = [];
  out.push(
    `Request: ${request.method} ${request.url} (${request.origin === 'http' ? 'raw HTTP' : request.origin}; OAuth parameters in the ${d.placement}, ${d.signatureMethod})`
  );
  for (const note of request.notes) out.push(`Note: ${note}`);
  out.push('', `Verdict: ${d.verdict}. ${d.summary}`);
  if (request.assumedScheme) out.push(`Assumed: ${request.assumedScheme.scheme}. ${request.assumedScheme.note}`);
  out.push(`  sent      ${d.receivedSignature}`);
  if (d.expectedSignature !== null)
    out.push(`  expected  ${d.expectedSignature}  (OAuth Lab, same nonce and timestamp)`);
  for (const c of d.comparisons) out.push('', ...comparisonText(c));
  if (d.causes.length) {
    out.push('', 'Causes:');
    d.causes.forEach((c, i) => {
      out.push(`  ${i + 1}. ${c.title} (${c.section})`, `     ${c.explanation}`);
      for (const detail of c.details) out.push(`     - ${detail}`);
    });
  }
  for (const [who, a] of [
    ['your client', d.libraries],
    ['the server', d.serverLibraries],
  ] as const) {
    if (!a.behaviours.length) continue;
    out.push('', `Known library behaviour (${who}):`);
    for (const b of a.behaviours) {
      out.push(
        `  ${b.id}. ${b.title} (${b.section})`,
        `     known in: ${libraryNames(b.libraries)}`,
        `     source: ${b.source}`
      );
      for (const detail of b.details) out.push(`     - ${detail}`);
    }
  }
  if (d.warnings.length) {
    out.push('', 'Warnings:');
    for (const w of d.warnings) out.push(`  - ${w.title} (${w.section}): ${w.detail}`);
  }
  if (d.resigned && d.expectedSignature !== d.receivedSignature) {
    out.push('', 'Re-signed by OAuth Lab (only oauth_signature changes):');
    const auth = d.resigned.headers.find(([n]) => n.toLowerCase() === 'authorization');
    if (d.placement === 'header' && auth) out.push(`  ${auth[0]}: ${auth[1]}`);
    else if (d.placement === 'query') out.push(`  ${d.resigned.url}`);
    else out.push(`  ${d.resigned.body ?? ''}`);
  }
  // Each line is one line: a line break in the request or a pasted base string cannot fake output.
  return `${out.map(terminalSafe).join('\n')}\n`;
}

/** The two base strings one above the other, cut into equal columns, with a line of ^ under each difference. */
function comparisonText(c: Comparison): string[] {
  if (c.same)
    return [
      'Base string (RFC 5849 §3.4.1)' +
        (c.top.label === c.bottom.label ? ':' : `, the same for ${c.top.label} and ${c.bottom.label}:`),
      `  ${c.bottom.text}`,
    ];
  const lines = [`Base strings (RFC 5849 §3.4.1), differences marked with ^ from character ${c.firstDifference! + 1}:`];
  const aligned = alignDiff(c.segments);
  const w = Math.max(c.top.label.length, c.bottom.label.length);
  for (let i = 0; i < aligned.top.length; i += WIDTH) {
    const label = (l: string) => (i === 0 ? l : '').padEnd(w);
    lines.push(
      `  ${label(c.top.label)}  ${aligned.top.slice(i, i + WIDTH)}`.trimEnd(),
      `  ${label(c.bottom.label)}  ${aligned.bottom.slice(i, i + WIDTH)}`.trimEnd()
    );
    const marks = aligned.marks.slice(i, i + WIDTH).trimEnd();
    if (marks) lines.push(`  ${''.padEnd(w)}  ${marks}`);
  }
  return lines;
}
