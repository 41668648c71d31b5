import { ProtocolError } from '../../../shared/errors';
import {
  checkBasicCredentials,
  diagnoseSignature,
  libraryNames,
  parseBaseString,
  parseCurlCommand,
  parseRawHttpRequest,
  requestFromFields,
  type BasicCredentialsCheck,
  type DebugRequest,
} from '../../../shared/oauth1/debug';
import { nodeCrypto } from '../../../platform/node/node-crypto';
import { rsaPublicKeyProblem } from '../../../platform/node/rsa-public-key';
import { parseFlags } from '../flags';
import { DEBUG_SECRETS, secretFlagOptions, withSecrets } from '../secret-flags';
import { headerFlag } from '../flow/profile-flags';
import { UsageError, type CliIO, type Command } from '../io';
import { readFileFlag } from '../read-file-flag';
import { DEBUG_HELP } from '../help/debug';
import { terminalSafe } from '../terminal-text';
import { dpopDebugCommand, DPOP_DEBUG_FLAGS } from './debug-dpop';
import { jsonResult, textResult } from '../debug-report';

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
