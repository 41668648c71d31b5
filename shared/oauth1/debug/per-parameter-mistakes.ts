import { percentDecode } from '../../percent-encoding';
import type { Candidate } from './candidate';
import { finding } from './causes';
import { enc, isOauth, show, tryParse } from './param-mistakes';
import type { SignedPair } from './pipeline';
import type { ReceivedParam, ReceivedRequest } from './received';

/** The candidate's edit of this one parameter (null drops it). */
type EditAt = (f: (q: SignedPair) => SignedPair | null) => { index: number; pair: SignedPair | null };

/** One parameter left out, encoded twice, taken as written, or with + for a space (§3.4.1.3.1, §3.6). */
export function perParameterMistakes(r: ReceivedRequest): Candidate[] {
  const signed = r.params.filter((p) => p.name !== 'oauth_signature');
  return [
    ...signed.flatMap((p, i) => {
      const self: SignedPair = { name: p.name, value: p.value, source: p.source, index: i };
      const at: EditAt = (f) => ({ index: i, pair: f(self) });
      return [...omittedOrEncodedTwice(p, at), ...plusAndSpace(p, at)];
    }),
    ...(['query', 'body'] as const).flatMap((source) => sourceSignedAsWritten(signed, source)),
  ];
}

function place(p: ReceivedParam): string {
  return p.source === 'header' ? 'Authorization header' : p.source === 'query' ? 'query' : 'form body';
}

/** Left out of the signature; encoded before a library encodes it again; or taken as written in the URL or body. */
function omittedOrEncodedTwice(p: ReceivedParam, at: EditAt): Candidate[] {
  const emptyToken = p.name === 'oauth_token' && p.value === '';
  const out: Candidate[] = [
    {
      mistakes: [
        emptyToken
          ? finding('empty-token', 'oauth_token is sent empty but was not signed.', p.name)
          : finding('param-missing', `${p.name}=${p.value} (${place(p)}) is not in the signature.`, p.name),
      ],
      variant: { edit: at(() => null) },
    },
  ];
  const twice = enc(p.value);
  const asWritten = p.source !== 'header' && p.rawValue === twice && twice !== p.value;
  if (twice !== p.value)
    out.push({
      mistakes: [
        finding(
          'param-double-encoded',
          asWritten
            ? `${p.name} was signed as written in the ${p.source} (${p.rawName}=${p.rawValue}), already percent-encoded, so it was encoded twice: ${enc(twice)}.`
            : `${p.name} was signed as ${enc(twice)}; encoded once it is ${twice}.`,
          p.name
        ),
      ],
      variant: { edit: at((q) => ({ ...q, value: twice })) },
    });
  const nameTwice = enc(p.name);
  if (nameTwice !== p.name)
    out.push({
      mistakes: [
        finding(
          'param-double-encoded',
          `The name ${p.name} was signed encoded twice (${enc(nameTwice)}); encoded once it is ${nameTwice}.`,
          p.name
        ),
      ],
      variant: { edit: at((q) => ({ ...q, name: nameTwice })) },
    });
  if (
    p.source !== 'header' &&
    (p.rawValue !== enc(p.value) || p.rawName !== enc(p.name)) &&
    (p.rawValue.includes('%') || p.rawName.includes('%'))
  )
    out.push({
      mistakes: [
        finding(
          'param-double-encoded',
          `${p.name} was signed as written in the ${p.source} (${p.rawName}=${p.rawValue}), so its escapes were encoded again.`,
          p.name
        ),
      ],
      variant: { edit: at((q) => ({ ...q, name: p.rawName, value: p.rawValue })) },
    });
  return out;
}

/** A + read as a plus where a query or form means a space, or spaces signed as + where the base string needs %20. */
function plusAndSpace(p: ReceivedParam, at: EditAt): Candidate[] {
  const out: Candidate[] = [];
  if (p.source !== 'header' && p.rawValue.includes('+')) {
    const literal = tryParse(() => percentDecode(p.rawValue, false));
    if (literal !== null)
      out.push({
        mistakes: [
          finding(
            'param-plus-space',
            `${p.name}=${p.rawValue}: the client read + as a plus (${literal}); in a ${p.source === 'query' ? 'query' : 'form body'} it is a space (${p.value}). Send a plus as %2B.`,
            p.name
          ),
        ],
        variant: { edit: at((q) => ({ ...q, value: literal })) },
      });
  }
  if (p.value.includes(' '))
    out.push({
      mistakes: [
        finding(
          'param-plus-space',
          `${p.name} was signed with + for its spaces (${enc(p.value).replace(/%20/g, '+')}); the base string needs %20.`,
          p.name
        ),
      ],
      variant: { edit: at((q) => ({ ...q, encoded: [enc(q.name), enc(q.value).replace(/%20/g, '+')] })) },
    });
  return out;
}

/** Two or more escaped parameters of the query or the body, all signed as written: the source encoded twice. */
function sourceSignedAsWritten(signed: readonly ReceivedParam[], source: 'query' | 'body'): Candidate[] {
  const escapedAt = new Map(
    signed.flatMap((p, i) =>
      p.source === source && !isOauth(p) && p.rawValue !== enc(p.value) && /%/.test(p.rawName + p.rawValue)
        ? [[i, p] as const]
        : []
    )
  );
  const escaped = [...escapedAt.values()];
  if (escaped.length < 2) return [];
  const asWritten = (q: SignedPair): SignedPair => {
    const w = q.index !== undefined ? escapedAt.get(q.index) : undefined;
    return w ? { ...q, name: w.rawName, value: w.rawValue } : q;
  };
  const written = show(escaped.map((p) => ({ name: p.rawName, value: p.rawValue })));
  return [
    {
      mistakes: [
        finding(
          'param-double-encoded',
          `The ${source} was signed as written (${written}), already percent-encoded, so it was encoded twice.`
        ),
      ],
      variant: { params: (ps) => ps.map(asWritten) },
    },
  ];
}
