import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { ProtocolError } from '../../../shared/errors';
import { traceSignature, type SignatureTrace } from '../../../shared/oauth1';
import { nodeCrypto, nodeRandom } from '../../services/node-crypto';
import { curlCommand } from '../curl-command';
import { parseFlags } from '../flags';
import { UsageError, type CliIO, type Command } from '../io';
import { describeIssues, SignRequestSchema, toSignatureInput, type SignRequest } from '../sign-request';

const HELP = `Usage: oauth-lab sign --url URL --consumer-key KEY [flags]
       oauth-lab sign --stdin < requests.jsonl

Signs one OAuth 1.0a request (RFC 5849) and prints every step of the signature.

  --method M              HTTP method (default GET, or POST with --form)
  --url URL               full request URL, query included
  --form name=value       form body parameter (repeatable; signed, RFC 5849 §3.4.1.3.1)
  --consumer-key K        --consumer-secret S
  --token T               --token-secret S
  --signature-method M    HMAC-SHA1 (default), HMAC-SHA256, HMAC-SHA512, RSA-SHA1, RSA-SHA256, RSA-SHA512, PLAINTEXT
  --private-key FILE      PEM private key for RSA-* methods
  --realm R               --callback URL    --verifier V
  --nonce N               --timestamp T     (default: fresh values)
  --no-version            leave out oauth_version=1.0 (it is optional, RFC 5849 §3.1)
  --format text|json|curl output (default text)
  --stdin                 read JSON lines {"method","url","form":[[n,v]],"consumerKey",...}; print one JSON line each
`;

const FORMATS = ['text', 'json', 'curl'] as const;

export const signCommand: Command = async (argv, io) => {
  const values = parseFlags(argv, FLAGS, 'sign');
  if (values.help) {
    io.stdout.write(HELP);
    return 0;
  }
  const fresh = {
    nonce: () => Buffer.from(nodeRandom.bytes(16)).toString('hex'),
    timestamp: () => String(Math.floor(Date.now() / 1000)),
  };
  if (values.stdin) return signLines(io, fresh);
  const format = values.format ?? 'text';
  if (!(FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}; got "${format}".`);
  if (!values.url) throw new UsageError('--url is required: the full request URL, query included.');
  if (!values['consumer-key']) throw new UsageError('--consumer-key is required.');
  const request: SignRequest = {
    method: values.method ?? null,
    url: values.url,
    form: (values.form ?? []).map(parseFormFlag),
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
    privateKeyPem: values['private-key'] ? readKey(values['private-key']) : null,
    includeVersion: !values['no-version'],
  };
  const trace = traceSignature(toSignatureInput(request, fresh), nodeCrypto);
  io.stdout.write(format === 'json' ? `${JSON.stringify(jsonResult(trace), null, 2)}\n` : format === 'curl' ? `${curlCommand(trace.request)}\n` : textTrace(trace));
  return 0;
};

const FLAGS = {
  method: { type: 'string' }, url: { type: 'string' }, form: { type: 'string', multiple: true },
  'consumer-key': { type: 'string' }, 'consumer-secret': { type: 'string' }, token: { type: 'string' }, 'token-secret': { type: 'string' },
  'signature-method': { type: 'string' }, realm: { type: 'string' }, callback: { type: 'string' }, verifier: { type: 'string' },
  nonce: { type: 'string' }, timestamp: { type: 'string' }, 'private-key': { type: 'string' }, format: { type: 'string' },
  'no-version': { type: 'boolean' }, stdin: { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
} as const;

function parseFormFlag(text: string): [string, string] {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new UsageError(`--form ${JSON.stringify(text)} must be name=value (the name may not be empty).`);
  return [text.slice(0, eq), text.slice(eq + 1)];
}

function parseMethodFlag(method: string | undefined): SignRequest['signatureMethod'] {
  if (method === undefined) return null;
  const parsed = SignRequestSchema.shape.signatureMethod.safeParse(method);
  if (!parsed.success) throw new UsageError(`--signature-method "${method}" is not supported; expected one of HMAC-SHA1, HMAC-SHA256, HMAC-SHA512, RSA-SHA1, RSA-SHA256, RSA-SHA512, PLAINTEXT.`);
  return parsed.data;
}

function readKey(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`--private-key ${file}: cannot read the file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`);
  }
}

function jsonResult(t: SignatureTrace) {
  return { baseString: t.baseString, signingKey: t.signingKey, signature: t.signature, authorization: t.authorization, baseStringUri: t.baseStringUri, normalizedParameters: t.normalizedParameters, request: t.request, steps: t.steps };
}

function textTrace(t: SignatureTrace): string {
  const lines: string[] = [];
  for (const step of t.steps) {
    lines.push(`== ${step.title} (${step.section})`);
    if (step.kind === 'text') lines.push(step.text);
    else if (step.params.length === 0) lines.push('(none)');
    else if (step.id === 'encoded-parameters' || step.id === 'sorted-parameters') for (const p of step.params) lines.push(`${p.encodedName}=${p.encodedValue}    [${p.source}]`);
    else for (const p of step.params) lines.push(`${p.name} = ${p.value}    [${p.source}]`);
    lines.push('');
  }
  return lines.join('\n');
}

async function signLines(io: CliIO, fresh: Parameters<typeof toSignatureInput>[1]): Promise<number> {
  let failures = 0;
  const lines = createInterface({ input: io.stdin, crlfDelay: Infinity });
  let n = 0;
  for await (const line of lines) {
    n++;
    if (line.trim() === '') continue;
    try {
      io.stdout.write(`${JSON.stringify(jsonResult(traceSignature(toSignatureInput(parseLine(line, n), fresh), nodeCrypto)))}\n`);
    } catch (e) {
      if (!(e instanceof UsageError || e instanceof ProtocolError)) throw e;
      failures++;
      io.stdout.write(`${JSON.stringify({ error: `line ${n}: ${e.message}`, ...(e instanceof ProtocolError ? { code: e.code, step: e.step } : {}) })}\n`);
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
  if (!parsed.success) throw new UsageError(describeIssues(parsed.error));
  return parsed.data;
}
