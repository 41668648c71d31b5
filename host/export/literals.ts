/**
 * String literals for the generated code. JSON's string syntax is valid in JavaScript and Python as it is; Java
 * gets non-ASCII as \uXXXX so the file compiles whatever the platform's default source encoding (before Java 18).
 */
export const jsStr = (s: string): string => JSON.stringify(s);
export const pyStr = (s: string): string => JSON.stringify(s);
export const javaStr = (s: string): string =>
  JSON.stringify(s).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export const jsOrNull = (s: string | null): string => (s === null ? 'null' : jsStr(s));
export const pyOrNone = (s: string | null): string => (s === null ? 'None' : pyStr(s));
export const javaOrNull = (s: string | null): string => (s === null ? 'null' : javaStr(s));

/** The comment after a secret's assignment, so the user sees at once what to fill in; none for an empty value. */
export const secretComment = (value: string, included: boolean): string | null =>
  value === '' ? null : included ? 'secret: keep this file private' : 'secret: left out of the export; put yours here';
