/**
 * httpsnippet 3 writes a few strings unescaped into code. These fixes apply where the request's own bytes would
 * otherwise break the code or change what is sent; each is pinned by a test with the character that breaks it.
 */
export interface Prepared {
  /** The URL as httpsnippet writes it (its query re-encoded with Node's querystring). */
  readonly fullUrl: string;
  readonly body: string | undefined;
  readonly contentType: string | undefined;
  readonly headerValues: readonly string[];
}

const jsSingle = (s: string) =>
  `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
/** PowerShell single-quoted strings take everything literally except `'`, written twice. */
const psSingle = (s: string) => `'${s.replace(/'/g, "''")}'`;
const csString = (s: string) => JSON.stringify(s);

const replaceOnce = (code: string, from: string, to: string) =>
  code.includes(from) ? code.replace(from, () => to) : code;

/** httpsnippet's shell quoting (helpers/shell.js), to find what it wrote. */
const shQuote = (v: string) => (/^[a-z0-9-_/.@%^=:]+$/i.test(v) ? v : `'${v.replace(/'/g, "'\\''")}'`);

/**
 * stringify-object 3, which writes httpsnippet's JavaScript strings, escapes neither backslashes nor a backslash
 * before a quote: `a\b` comes out as 'a\b', which JavaScript reads as `ab`. Values with a backslash are found by
 * that faulty form and written again correctly.
 */
const stringifyObjectLiteral = (v: string) =>
  `'${v.replace(/[\r\n]/g, (x) => (x === '\n' ? '\\n' : '\\r')).replace(/\\?'/g, "\\'")}'`;
function fixJsStrings(code: string, p: Prepared): string {
  let out = code;
  for (const v of [...p.headerValues, ...(p.body !== undefined ? [p.body] : [])])
    if (v.includes('\\')) out = out.split(stringifyObjectLiteral(v)).join(jsSingle(v));
  return out;
}

const WGET_NOTE =
  '# The status and headers go to stderr, the body to stdout; wget exits non-zero when the server refuses.';

const FETCH_HTTPSNIPPET = `try {
  const response = await fetch(url, options);
  const data = await response.json();
  console.log(data);
} catch (error) {
  console.error(error);
}`;
const FETCH_CHECKED = `const response = await fetch(url, options);
const text = await response.text();
// A refusal says why in its body (or in WWW-Authenticate for a 401), and ends with an error.
if (!response.ok) throw new Error(\`\${response.status} \${response.statusText}: \${text || response.headers.get('www-authenticate') || '(no body)'}\`);
console.log(response.status);
console.log(text);`;

export const SNAPSHOT_FIXES: Record<string, (code: string, p: Prepared) => string> = {
  // --data-raw: `--data @file` would read a file when a body starts with @. --globoff: `[` and `{` in a URL are
  // curl's own globbing syntax (httpsnippet's globOff option would also percent-decode the URL).
  curl: (code) =>
    code.replace(/^( *)--data /m, '$1--data-raw ').replace(/^(curl --request \S+ \\\n)/, '$1  --globoff \\\n'),
  // `echo` appends a newline to the body (which changes a signed form's last value), and dash's echo reads
  // backslash escapes; printf '%s' writes the bytes as they are.
  httpie: (code, p) =>
    p.body !== undefined ? replaceOnce(code, `echo ${shQuote(p.body)} | `, `printf '%s' ${shQuote(p.body)} | `) : code,
  // wget's body went through an escape that writes a newline as the two characters \n inside single quotes. With
  // --quiet alone a refusal printed nothing: the status line and headers (a 401's reason is in WWW-Authenticate,
  // RFC 5849 §3.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.2) with Problem Reporting) go to stderr and a refusal's body to stdout; wget then exits non-zero.
  wget: (code, p) => {
    const out = replaceOnce(
      code,
      'wget --quiet \\\n',
      `${WGET_NOTE}\nwget --quiet \\\n  --server-response \\\n  --content-on-error \\\n`
    );
    return p.body !== undefined
      ? replaceOnce(
          out,
          `--body-data ${shQuote(p.body).replace(/\r/g, '\\r').replace(/\n/g, '\\n')}`,
          `--body-data ${shQuote(p.body)}`
        )
      : out;
  },
  // httpsnippet parses every answer as JSON and only logs a failure: a refusal (a form body, as OAuth 1.0a servers
  // answer) printed a parse error and exited 0. The status and the body are printed, and a refusal throws.
  'javascript-fetch': (code, p) =>
    fixJsStrings(
      replaceOnce(
        replaceOnce(code, `const url = '${p.fullUrl}';`, `const url = ${jsSingle(p.fullUrl)};`),
        FETCH_HTTPSNIPPET,
        FETCH_CHECKED
      ),
      p
    ),
  'node-http': fixJsStrings,
  powershell: (code, p) => {
    let out = replaceOnce(code, `-Uri '${p.fullUrl}'`, `-Uri ${psSingle(p.fullUrl)}`);
    if (p.body !== undefined) out = replaceOnce(out, `-Body '${p.body}'`, `-Body ${psSingle(p.body)}`);
    // "…" expands $name in PowerShell; a backtick keeps the dollar sign literal.
    return out.replace(
      /^(\$headers\.Add\(")(.*)$/gm,
      (_m, head: string, rest: string) => head + rest.replace(/\$/g, '`$')
    );
  },
  // PHP expands $name inside "…": the URL, header and body strings get \$.
  php: (code) =>
    code.replace(
      /^(\s+(?:CURLOPT_(?:URL|POSTFIELDS) => )?")(.*)$/gm,
      (_m, head: string, rest: string) => head + rest.replace(/(?<!\\)((?:\\\\)*)\$/g, '$1\\$')
    ),
  // Ruby expands #{…}, #$x and #@x inside "…".
  ruby: (code) =>
    code.replace(
      /^((?:url = URI\(|request\.body = )")(.*)$/gm,
      (_m, head: string, rest: string) => head + rest.replace(/#(?=[{$@])/g, '\\#')
    ),
  // A str body goes out as Latin-1 in http.client (UnicodeEncodeError for anything else); the bytes are UTF-8.
  // `response.json()` fails on the forms OAuth token endpoints answer with: status and text show every answer.
  'python-requests': (code) =>
    code
      .replace(', data=payload,', ', data=payload.encode("utf-8"),')
      .replace(/^print\(response\.json\(\)\)$/m, 'print(response.status_code)\nprint(response.text)'),
  // The body goes to httpsnippet as opaque bytes (see snapshot.ts); C# takes the Content-Type from that.
  csharp: (code, p) =>
    p.contentType
      ? code.replace(
          'new MediaTypeHeaderValue("application/octet-stream")',
          `MediaTypeHeaderValue.Parse(${csString(p.contentType)})`
        )
      : code,
  // httpsnippet's java.net.http output is a fragment; wrapped, it runs as it is with `java OAuthLabRequest.java`.
  java: (code) =>
    [
      'import java.net.URI;',
      'import java.net.http.HttpClient;',
      'import java.net.http.HttpRequest;',
      'import java.net.http.HttpResponse;',
      '',
      'public class OAuthLabRequest {',
      '    public static void main(String[] args) throws Exception {',
      ...code.split('\n').map((l) => (l ? `        ${l}` : l)),
      '    }',
      '}',
    ].join('\n'),
};
