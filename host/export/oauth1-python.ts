import { isRsaMethod } from '../../shared/oauth1';
import { pyOrNone, pyStr, secretComment } from './literals';
import { sourceOf, type ExportTarget } from './export-target';
import { oauth1Code, type OAuth1Code } from './oauth1-model';
import { ExportError } from './types';

const SIGNATURE_TYPE = { header: 'AUTH_HEADER', query: 'QUERY', body: 'BODY' } as const;

const assign = (name: string, value: string, note: string | null) =>
  `${name} = ${pyStr(value)}${note ? `  # ${note}` : ''}`;

/**
 * Python with requests-oauthlib, the library most Python clients sign with: OAuth1 signs each request when it is
 * sent, form body included. oauthlib always sends oauth_version="1.0" and takes no other oauth_* parameters.
 */
function pythonOAuth1(c: OAuth1Code): string {
  if (c.extraOauthParams.length)
    throw new ExportError(
      'unsupported',
      `requests-oauthlib cannot send extra protocol parameters (${c.extraOauthParams.map(([n]) => n).join(', ')}); export node-oauth1 or java-oauth1 instead.`
    );
  const rsa = isRsaMethod(c.signatureMethod);
  const credentials = rsa
    ? [
        assign('CONSUMER_KEY', c.consumerKey, null),
        `TOKEN = ${pyOrNone(c.token)}`,
        assign('PRIVATE_KEY', c.privateKey, secretComment(c.privateKey, c.secretsIncluded)),
      ]
    : [
        assign('CONSUMER_KEY', c.consumerKey, null),
        assign('CONSUMER_SECRET', c.consumerSecret, secretComment(c.consumerSecret, c.secretsIncluded)),
        `TOKEN = ${pyOrNone(c.token)}`,
        assign('TOKEN_SECRET', c.tokenSecret, secretComment(c.tokenSecret, c.secretsIncluded)),
      ];
  const args = [
    'CONSUMER_KEY',
    ...(rsa ? ['rsa_key=PRIVATE_KEY'] : ['client_secret=CONSUMER_SECRET']),
    'resource_owner_key=TOKEN',
    ...(rsa ? [] : ['resource_owner_secret=TOKEN_SECRET or None']),
    `signature_method=${pyStr(c.signatureMethod)}`,
    `signature_type=${pyStr(SIGNATURE_TYPE[c.placement])}`,
    ...(c.realm !== null ? [`realm=${pyStr(c.realm)}`] : []),
    ...(c.callback !== null ? [`callback_uri=${pyStr(c.callback)}`] : []),
    ...(c.verifier !== null ? [`verifier=${pyStr(c.verifier)}`] : []),
  ];
  const body = c.form.length
    ? [
        '# Form body parameters: requests form-encodes them and requests-oauthlib signs them (RFC 5849 §3.4.1.3.1).',
        `form = [${c.form.map(([n, v]) => `(${pyStr(n)}, ${pyStr(v)})`).join(', ')}]`,
        '',
      ]
    : c.rawBody
      ? [
          '# This body is not a form, so it is sent as it is and not signed (RFC 5849 §3.4.1.3.1).',
          `body = ${pyStr(c.rawBody.text)}`,
          '',
        ]
      : [];
  const call = `response = requests.request(${pyStr(c.method)}, URL${c.form.length ? ', data=form' : c.rawBody ? `, data=body.encode("utf-8"), headers={"Content-Type": ${pyStr(c.rawBody.contentType)}}` : ''}, auth=auth, timeout=30)`;
  return [
    '# OAuth 1.0a request signed on every run by requests-oauthlib: a fresh oauth_nonce and oauth_timestamp each',
    '# time (RFC 5849 §3.3), so it can run again and again. Exported by OAuth Lab.',
    '# Needs: pip install requests requests-oauthlib' + (rsa ? ' cryptography pyjwt (for RSA)' : ''),
    'import sys',
    '',
    'import requests',
    'from requests_oauthlib import OAuth1',
    '',
    `URL = ${pyStr(c.url)}`,
    ...credentials,
    '',
    'auth = OAuth1(',
    ...args.map((a) => `    ${a},`),
    ')',
    '',
    ...body,
    call,
    'print(response.status_code)',
    'print(response.text)',
    'sys.exit(0 if response.ok else 1)',
    '',
  ].join('\n');
}

export const pythonOAuth1Target: ExportTarget = {
  id: 'python-oauth1',
  label: 'Python (requests-oauthlib), signs each run',
  language: 'python',
  kind: 'signing-code',
  extension: '.py',
  mediaType: 'text/x-python',
  sources: ['oauth1'],
  secretPlaceholders: 'code',
  render: (input) => {
    const code = oauth1Code(sourceOf(input, 'oauth1').signing, input.secrets, input.target.label);
    return {
      text: pythonOAuth1(code),
      notes: code.includeVersion
        ? []
        : ['requests-oauthlib always sends oauth_version="1.0", which RFC 5849 §3.1 allows; servers accept it.'],
    };
  },
};
