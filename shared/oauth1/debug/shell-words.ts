import { utf8Decode } from '../../encoding/utf8';
import { ProtocolError, PROTOCOL_ERROR, type ProtocolErrorCode } from '../../errors';

const STEP = 'curl';
function fail(code: ProtocolErrorCode, why: string): never {
  throw new ProtocolError(code, STEP, why);
}

const ANSI_C: Record<string, string> = {
  n: '\n',
  r: '\r',
  t: '\t',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/**
 * Splits a POSIX shell command line into words, the way bash would before running curl: '...' is literal,
 * "..." keeps all but \" \\ \$ \` and backslash-newline, $'...' takes C escapes (what browsers' "Copy as cURL"
 * writes for odd characters), a backslash outside quotes escapes the next character and a backslash-newline joins
 * lines. Expansions ($VAR, `cmd`, $(cmd)) and operators (| ; & < >) would change what curl receives, so they are
 * errors that say what to do rather than guesses. An unquoted line break separates words (pasted multi-line
 * commands), and # starts a comment at the beginning of a word.
 */
export function shellWords(text: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  const add = (s: string) => (word = (word ?? '') + s);
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      if (word !== null) words.push(word);
      word = null;
      i++;
    } else if (c === '\\') {
      if (text[i + 1] === '\n') i += 2;
      else if (text[i + 1] === '\r' && text[i + 2] === '\n') i += 3;
      else if (i + 1 >= text.length) i++;
      else {
        add(text[i + 1]!);
        i += 2;
      }
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) fail(PROTOCOL_ERROR.UNTERMINATED_QUOTE, `The single quote at character ${i + 1} is never closed.`);
      add(text.slice(i + 1, end));
      i = end + 1;
    } else if (c === '"') {
      i = doubleQuoted(text, i, add);
    } else if (c === '$' && text[i + 1] === "'") {
      i = ansiQuoted(text, i, add);
    } else if ((c === '$' && /[A-Za-z_{(0-9@*#?$!-]/.test(text[i + 1] ?? '')) || c === '`') {
      fail(
        PROTOCOL_ERROR.UNSUPPORTED_SHELL_SYNTAX,
        `Shell expansion at character ${i + 1} (${JSON.stringify(text.slice(i, i + 12))}) is not supported: its value is unknown here. Replace it with the value it stands for. (A backtick at a line end is PowerShell's continuation: copy the command for bash instead.)`
      );
    } else if ('|;&<>'.includes(c)) {
      fail(
        PROTOCOL_ERROR.UNSUPPORTED_SHELL_SYNTAX,
        `The shell operator ${JSON.stringify(c)} at character ${i + 1} is not supported; paste the curl command alone (no pipes, redirections or other commands).`
      );
    } else if (c === '^' && /^\^\r?\n/.test(text.slice(i))) {
      fail(
        PROTOCOL_ERROR.UNSUPPORTED_SHELL_SYNTAX,
        'A ^ at a line end is a Windows cmd.exe continuation; copy the command as cURL (bash) instead.'
      );
    } else if (c === '#' && word === null) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else {
      add(c);
      i++;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

/** "..." (POSIX 2.2.3): a backslash escapes only $ ` " \ and a line break; any other backslash stays. */
function doubleQuoted(text: string, start: number, add: (s: string) => void): number {
  let i = start + 1;
  let out = '';
  for (;;) {
    if (i >= text.length)
      fail(PROTOCOL_ERROR.UNTERMINATED_QUOTE, `The double quote at character ${start + 1} is never closed.`);
    const c = text[i]!;
    if (c === '"') break;
    if (c === '\\') {
      const next = text[i + 1];
      if (next === '\n') i += 2;
      else if (next === '\r' && text[i + 2] === '\n') i += 3;
      else if (next !== undefined && '$`"\\'.includes(next)) {
        out += next;
        i += 2;
      } else {
        out += c;
        i++;
      }
    } else if ((c === '$' && /[A-Za-z_{(0-9@*#?$!-]/.test(text[i + 1] ?? '')) || c === '`') {
      fail(
        PROTOCOL_ERROR.UNSUPPORTED_SHELL_SYNTAX,
        `Shell expansion inside double quotes at character ${i + 1} (${JSON.stringify(text.slice(i, i + 12))}) is not supported; replace it with its value, or use single quotes if the $ is meant literally.`
      );
    } else {
      out += c;
      i++;
    }
  }
  add(out);
  return i + 1;
}

/** $'...' (bash ANSI-C quoting): \n \t \\ \' \xHH \uHHHH \UHHHHHHHH and octal \NNN; the bytes must be UTF-8. */
function ansiQuoted(text: string, start: number, add: (s: string) => void): number {
  let i = start + 2;
  const bytes: number[] = [];
  let out = '';
  const flush = () => {
    if (bytes.length) out += utf8Decode(bytes, STEP);
    bytes.length = 0;
  };
  for (;;) {
    if (i >= text.length)
      fail(PROTOCOL_ERROR.UNTERMINATED_QUOTE, `The $' quote at character ${start + 1} is never closed.`);
    const c = text[i]!;
    if (c === "'") break;
    if (c !== '\\') {
      flush();
      out += c;
      i++;
      continue;
    }
    const e = text[i + 1] ?? '';
    let m: RegExpExecArray | null;
    if ((m = /^x([0-9A-Fa-f]{1,2})/.exec(text.slice(i + 1)))) {
      bytes.push(parseInt(m[1]!, 16));
      i += 1 + m[0].length;
    } else if ((m = /^[0-7]{1,3}/.exec(text.slice(i + 1)))) {
      bytes.push(parseInt(m[0], 8) & 0xff);
      i += 1 + m[0].length;
    } else if ((m = /^(?:u([0-9A-Fa-f]{1,4})|U([0-9A-Fa-f]{1,8}))/.exec(text.slice(i + 1)))) {
      flush();
      out += String.fromCodePoint(parseInt(m[1] ?? m[2]!, 16));
      i += 1 + m[0].length;
    } else if (e in ANSI_C) {
      flush();
      out += ANSI_C[e];
      i += 2;
    } else {
      flush();
      out += c + e;
      i += 2;
    }
  }
  flush();
  add(out);
  return i + 1;
}
