import { createHmac, randomBytes } from 'node:crypto';

/** A placeholder's tag for one value: the same value, the same tag, within one export. */
export type SecretTag = (value: string) => string;

/**
 * Tags for an export that many values of one kind go into (the history as HAR): the first 48 bits of HMAC-SHA-256
 * under a key drawn for this export, so a code reads the same placeholder wherever it appears in the file and two
 * codes read two (`oauth-lab explain` tells a code sent twice from two codes), while no tag can be checked against
 * a guessed secret. Lowercase hex: it survives percent-encoding and every syntax a placeholder does.
 */
export function secretTags(): SecretTag {
  const key = randomBytes(32);
  const memo = new Map<string, string>();
  return (value) => {
    let tag = memo.get(value);
    if (tag === undefined) {
      tag = createHmac('sha256', key).update(value, 'utf8').digest('hex').slice(0, 12);
      memo.set(value, tag);
    }
    return tag;
  };
}
