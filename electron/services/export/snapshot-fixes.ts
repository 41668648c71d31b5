/**
 * httpsnippet 3 writes a few strings unescaped into code. These fixes apply where the request's own bytes would
 * otherwise break the code or change what is sent; each is pinned by a test with the character that breaks it.
 */
export interface Prepared {
  /** The URL as httpsnippet writes it (its query re-encoded with Node's querystring). */
  readonly fullUrl: string;
  readonly body: string | undefined;
  readonly contentType: string | undefined;
}

const jsSingle = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;
/** PowerShell single-quoted strings take everything literally except `'`, written twice. */
const psSingle = (s: string) => `'${s.replace(/'/g, "''")}'`;
const csString = (s: string) => JSON.stringify(s);

const replaceOnce = (code: string, from: string, to: string) => (code.includes(from) ? code.replace(from, () => to) : code);

export const SNAPSHOT_FIXES: Record<string, (code: string, p: Prepared) => string> = {
  // --data-raw: `--data @file` would read a file when a body starts with @. --globoff: `[` and `{` in a URL are
  // curl's own globbing syntax (httpsnippet's globOff option would also percent-decode the URL).
  curl: (code) => code.replace(/^( *)--data /m, '$1--data-raw ').replace(/^(curl --request \S+ \\\n)/, '$1  --globoff \\\n'),
  // `echo` appends a newline to the body, which changes a signed form's last value.
  httpie: (code) => code.replace(/^echo (.*) \| +\\$/m, "printf '%s' $1 | \\"),
  'javascript-fetch': (code, p) => replaceOnce(code, `const url = '${p.fullUrl}';`, `const url = ${jsSingle(p.fullUrl)};`),
  powershell: (code, p) => {
    let out = replaceOnce(code, `-Uri '${p.fullUrl}'`, `-Uri ${psSingle(p.fullUrl)}`);
    if (p.body !== undefined) out = replaceOnce(out, `-Body '${p.body}'`, `-Body ${psSingle(p.body)}`);
    // "…" expands $name in PowerShell; a backtick keeps the dollar sign literal.
    return out.replace(/^(\$headers\.Add\(")(.*)$/gm, (_m, head: string, rest: string) => head + rest.replace(/\$/g, '`$'));
  },
  // PHP expands $name inside "…": the URL, header and body strings get \$.
  php: (code) => code.replace(/^(\s+(?:CURLOPT_(?:URL|POSTFIELDS) => )?")(.*)$/gm, (_m, head: string, rest: string) => head + rest.replace(/(?<!\\)((?:\\\\)*)\$/g, '$1\\$')),
  // Ruby expands #{…}, #$x and #@x inside "…".
  ruby: (code) => code.replace(/^((?:url = URI\(|request\.body = )")(.*)$/gm, (_m, head: string, rest: string) => head + rest.replace(/#(?=[{$@])/g, '\\#')),
  // The body goes to httpsnippet as opaque bytes (see snapshot.ts); C# takes the Content-Type from that.
  csharp: (code, p) => (p.contentType ? code.replace('new MediaTypeHeaderValue("application/octet-stream")', `MediaTypeHeaderValue.Parse(${csString(p.contentType)})`) : code),
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
