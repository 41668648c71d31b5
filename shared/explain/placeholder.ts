/**
 * A value an export wrote in place of a secret, one for every value of its kind: OAuth Lab's single-request exports
 * and older HAR exports (`YOUR_AUTHORIZATION_CODE`), Postman's and .http files' variables (`{{authorization_code}}`).
 * Two of them being equal says nothing about the secrets they stand for. OAuth Lab's history HAR tags each value
 * (`YOUR_AUTHORIZATION_CODE_3fa9c01b2d4e`, lowercase hex): those compare as the values themselves.
 */
const BARE_PLACEHOLDER = /^(YOUR_[A-Z][A-Z_]*|\{\{\s*[\w.-]+\s*\}\})$/;

const TAGGED_PLACEHOLDER = /^YOUR_[A-Z][A-Z_]*_[0-9a-f]{12}$/;

const isBarePlaceholder = (value: string): boolean => BARE_PLACEHOLDER.test(value);

/** Any placeholder of an export, tagged or not: the value it stands for is not in the file. */
export const isPlaceholder = (value: string): boolean => isBarePlaceholder(value) || TAGGED_PLACEHOLDER.test(value);

/** Whether two recorded secrets are the same one, as far as the file can tell. */
export const sameSecret = (a: string | null | undefined, b: string | null | undefined): boolean =>
  a !== null && a !== undefined && a === b && !isBarePlaceholder(a);

/** What the explainer says instead of comparing a placeholder: it cannot tell, and what would let it. */
export function cannotTell(entry: number, what: string, value: string): string | null {
  if (!isBarePlaceholder(value)) return null;
  return `entry ${entry} sends ${what} ${JSON.stringify(value)}, a placeholder: the file was exported with its secrets left out and one placeholder for every value, so whether this ${what} was sent before, and which leg issued it, cannot be told. Export it with the secrets included, or again from OAuth Lab's History, whose placeholders carry a tag per value.`;
}
