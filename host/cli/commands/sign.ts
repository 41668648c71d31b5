import { readFileFlag } from '../read-file-flag';
import { createInterface } from 'node:readline';
import { ProtocolError } from '../../../shared/errors';
import { traceSignature, type SignatureInput, type SignatureTrace } from '../../../shared/oauth1';
import { exportRequest, ExportError, targetsFor } from '../../export';
import { nodeCrypto, nodeRandom } from '../../../platform/node/node-crypto';
import { parseFlags } from '../flags';
import { SIGN_SECRETS, secretFlagOptions, withSecrets } from '../secret-flags';
import { formFlag } from '../form-flag';
import { UsageError, type CliIO, type Command } from '../io';
import { describeIssues } from '../../../shared/schema-issues';
import { APP_VERSION } from '../../../shared/version';
import { SIGN_FORMATS, SIGN_HELP } from '../help/sign';
import { SignRequestSchema, toSignatureInput, type SignRequest } from '../sign-request';
import { terminalSafe } from '../terminal-text';

export const signCommand: Command = async (argv, io) => {
  const values = withSecrets(parseFlags(argv, FLAGS, 'sign'), io.env, SIGN_SECRETS);
  if (values.help) {
    io.stdout.write(SIGN_HELP);
    return 0;
  }
  const fresh = {
    nonce: () => Buffer.from(nodeRandom.bytes(16)).toString('hex'),
    timestamp: () => String(Math.floor(Date.now() / 1000)),
  };
  if (values.stdin) return signLines(io, fresh);
  const format = values.format ?? 'text';
  if (!SIGN_FORMATS.includes(format)) {
    const oauth2 = targetsFor('oauth2').some((t) => t.id === format);
    throw new UsageError(
      oauth2
        ? `--format ${format} exports OAuth 2 bearer requests; sign makes OAuth 1.0a ones. Use one of ${SIGN_FORMATS.join(', ')}.`
        : `--format must be one of ${SIGN_FORMATS.join(', ')}; got "${format}".`
    );
  }
  if (values['include-secrets'] && (format === 'text' || format === 'json'))
    throw new UsageError(
      '--include-secrets applies to an export format (curl, python-oauth1, postman, ...); text and json always show every value.'
    );
  if (!values.url) throw new UsageError('--url is required: the full request URL, query included.');
  if (!values['consumer-key']) throw new UsageError('--consumer-key is required.');
  const request: SignRequest = {
    method: values.method ?? null,
    url: values.url,
    form: (values.form ?? []).map(formFlag),
    consumerKey: values['consumer-key'],
    consumerSecret: values['consumer-secret'] ?? null,
    token: values.token ?? null,
    tokenSecret: values['token-secret'] ?? null,
    signatureMethod: parseMethodFlag(values['signature-method']),
    nonce: values.nonce ?? null,
    timestamp: values.timestamp ?? null,
    realm: values.realm ?? null,
    callback: values.callback ?? null,
    verifier: values.verifier ?? null,
    privateKeyPem: values['private-key'] ? readFileFlag('--private-key', values['private-key']) : null,
    includeVersion: !values['no-version'],
  };
  const input = toSignatureInput(request, fresh);
  const trace = traceSignature(input, nodeCrypto);
  if (format === 'text' || format === 'json') {
    io.stdout.write(format === 'json' ? `${JSON.stringify(jsonResult(trace), null, 2)}\n` : textTrace(trace));
    return 0;
  }
  return writeExport(io, format, input, trace, !!values['include-secrets']);
};

/**
 * One export on stdout, so it can be piped or saved: byte for byte (io.data), as raw HTTP's CRLFs and Go's tabs are
 * part of it; its notes (single use, placeholders) on stderr, escaped like every diagnostic.
 */
function writeExport(
  io: CliIO,
  target: string,
  signing: SignatureInput,
  trace: SignatureTrace,
  includeSecrets: boolean
): number {
  let result;
  try {
    result = exportRequest({
      target,
      source: { kind: 'oauth1', signing, request: trace.request },
      includeSecrets,
      appVersion: APP_VERSION,
    });
  } catch (e) {
    if (!(e instanceof ExportError)) throw e;
    // The request is fine, the target cannot express it (e.g. oauth_body_hash in signing code): exit 1, like a protocol error.
    io.stderr.write(`oauth-lab sign: ${target}: ${e.message}\n`);
    return 1;
  }
  io.data.write(result.text.endsWith('\n') ? result.text : `${result.text}\n`);
  for (const note of result.notes) io.stderr.write(`oauth-lab sign: note: ${note}\n`);
  return 0;
}

const FLAGS = {
  method: { type: 'string' },
  url: { type: 'string' },
  form: { type: 'string', multiple: true },
  'consumer-key': { type: 'string' },
  token: { type: 'string' },
  'signature-method': { type: 'string' },
  realm: { type: 'string' },
  callback: { type: 'string' },
  verifier: { type: 'string' },
  nonce: { type: 'string' },
  timestamp: { type: 'string' },
  'private-key': { type: 'string' },
  format: { type: 'string' },
  'no-version': { type: 'boolean' },
  'include-secrets': { type: 'boolean' },
  stdin: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  ...secretFlagOptions(SIGN_SECRETS),
} as const;

function parseMethodFlag(method: string | undefined): SignRequest['signatureMethod'] {
  if (method === undefined) return null;
  const parsed = SignRequestSchema.shape.signatureMethod.safeParse(method);
  if (!parsed.success)
    throw new UsageError(
      `--signature-method "${method}" is not supported; expected one of HMAC-SHA1, HMAC-SHA256, HMAC-SHA512, RSA-SHA1, RSA-SHA256, RSA-SHA512, PLAINTEXT.`
    );
  return parsed.data;
}

function jsonResult(t: SignatureTrace) {
  return {
    baseString: t.baseString,
    signingKey: t.signingKey,
    signature: t.signature,
    authorization: t.authorization,
    baseStringUri: t.baseStringUri,
    normalizedParameters: t.normalizedParameters,
    request: t.request,
    steps: t.steps,
  };
}

function textTrace(t: SignatureTrace): string {
  const lines: string[] = [];
  for (const step of t.steps) {
    lines.push(`== ${step.title} (${step.section})`);
    if (step.kind === 'text') lines.push(step.text);
    else if (step.params.length === 0) lines.push('(none)');
    else if (step.id === 'encoded-parameters' || step.id === 'sorted-parameters')
      for (const p of step.params) lines.push(`${p.encodedName}=${p.encodedValue}    [${p.source}]`);
    else for (const p of step.params) lines.push(`${p.name} = ${p.value}    [${p.source}]`);
    lines.push('');
  }
  // Each line is one line: a line break in a given value cannot fake a step.
  return lines.map(terminalSafe).join('\n');
}

async function signLines(io: CliIO, fresh: Parameters<typeof toSignatureInput>[1]): Promise<number> {
  let failures = 0;
  const lines = createInterface({ input: io.stdin, crlfDelay: Infinity });
  let n = 0;
  for await (const line of lines) {
    n++;
    if (line.trim() === '') continue;
    try {
      io.stdout.write(
        `${JSON.stringify(jsonResult(traceSignature(toSignatureInput(parseLine(line, n), fresh), nodeCrypto)))}\n`
      );
    } catch (e) {
      if (!(e instanceof UsageError || e instanceof ProtocolError)) throw e;
      failures++;
      io.stdout.write(
        `${JSON.stringify({ error: `line ${n}: ${e.message}`, ...(e instanceof ProtocolError ? { code: e.code, step: e.step } : {}) })}\n`
      );
    }
  }
  if (failures) io.stderr.write(`oauth-lab sign: ${failures} of ${n} input line(s) could not be signed.\n`);
  return failures ? 1 : 0;
}

function parseLine(line: string, n: number): SignRequest {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (e) {
    throw new UsageError(`line ${n} is not JSON (${(e as Error).message}).`);
  }
  const parsed = SignRequestSchema.safeParse(json);
  if (!parsed.success) throw new UsageError(describeIssues(parsed.error, 'input'));
  return parsed.data;
}
