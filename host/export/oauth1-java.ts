import { isRsaMethod, SIGNATURE_HASH, type SignatureMethod } from '../../shared/oauth1';
import type { HashAlgorithm } from '../../shared/ports';
import { javaOrNull, javaStr, secretComment } from './literals';
import { sourceOf, type ExportTarget } from './export-target';
import { fixedOauthParams, oauth1Code, quotedRealm, type OAuth1Code } from './oauth1-model';

const HMAC: Partial<Record<SignatureMethod, string>> = {
  'HMAC-SHA1': 'HmacSHA1',
  'HMAC-SHA256': 'HmacSHA256',
  'HMAC-SHA512': 'HmacSHA512',
};
/** Java's Signature algorithm for RSASSA-PKCS1-v1_5 with each hash (Java Security Standard Algorithm Names). */
const RSA: Record<HashAlgorithm, string> = {
  'SHA-1': 'SHA1withRSA',
  'SHA-256': 'SHA256withRSA',
  'SHA-512': 'SHA512withRSA',
};

const field = (name: string, value: string | null, note: string | null = null) =>
  `    static final String ${name} = ${javaOrNull(value)};${note ? ` // ${note}` : ''}`;
const pair = ([n, v]: readonly [string, string]) => `{ ${javaStr(n)}, ${javaStr(v)} }`;
/** The consumer key and token by their constants' names, so the user edits each in one place. */
const FIELDS: Record<string, string> = { oauth_consumer_key: 'CONSUMER_KEY', oauth_token: 'TOKEN' };
const protocolPair = ([n, v]: readonly [string, string]) => `{ ${javaStr(n)}, ${FIELDS[n] ?? javaStr(v)} }`;

/** The imports: java.net.http and the standard library, the crypto classes only for the chosen method. */
function javaImports(c: OAuth1Code): string[] {
  const rsa = isRsaMethod(c.signatureMethod);
  return [
    'import java.net.URI;',
    'import java.net.URLDecoder;',
    'import java.net.URLEncoder;',
    'import java.net.http.HttpClient;',
    'import java.net.http.HttpRequest;',
    'import java.net.http.HttpResponse;',
    'import java.nio.charset.StandardCharsets;',
    ...(rsa
      ? [
          'import java.security.KeyFactory;',
          'import java.security.PrivateKey;',
          'import java.security.Signature;',
          'import java.security.spec.PKCS8EncodedKeySpec;',
        ]
      : []),
    'import java.util.ArrayList;',
    'import java.util.Arrays;',
    'import java.util.Base64;',
    'import java.util.Comparator;',
    'import java.util.List;',
    'import java.util.UUID;',
    'import java.util.stream.Collectors;',
    ...(HMAC[c.signatureMethod] ? ['import javax.crypto.Mac;', 'import javax.crypto.spec.SecretKeySpec;'] : []),
  ];
}

/** The request and the credentials as constants at the top of the class, where the user edits them. */
function javaConstants(c: OAuth1Code): string[] {
  const rsa = isRsaMethod(c.signatureMethod);
  return [
    field('METHOD', c.method),
    // RFC 5849 §3.4.1.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.2) signs the path as sent: c.url is the
    // wire form (shared/url.ts, `[` and `]` percent-encoded), which URI.create takes and the code signs.
    field('URL', c.url),
    '    // Form body parameters, decoded: they are signed too (RFC 5849 §3.4.1.3.1).',
    `    static final String[][] FORM = { ${c.form.map(pair).join(', ')} };`,
    ...(c.rawBody
      ? ['    // Not a form: sent as it is and not signed (RFC 5849 §3.4.1.3.1).', field('RAW_BODY', c.rawBody.text)]
      : []),
    field('CONSUMER_KEY', c.consumerKey),
    ...(c.token !== null ? [field('TOKEN', c.token)] : []),
    ...(rsa
      ? [field('PRIVATE_KEY', c.privateKey, secretComment(c.privateKey, c.secretsIncluded))]
      : [
          field('CONSUMER_SECRET', c.consumerSecret, secretComment(c.consumerSecret, c.secretsIncluded)),
          field('TOKEN_SECRET', c.tokenSecret, secretComment(c.tokenSecret, c.secretsIncluded)),
        ]),
  ];
}

/** The helpers every export has, whatever the method: percent-encoding (§3.6) and reading a query as a form. */
const JAVA_HELPERS = [
  '    /** §3.6: RFC 3986 percent-encoding. URLEncoder writes forms, which differ in three characters. */',
  '    static String pct(String s) {',
  '        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20").replace("*", "%2A").replace("%7E", "~");',
  '    }',
  '',
  '    static String encodePairs(List<String[]> pairs) {',
  '        return pairs.stream().map(p -> pct(p[0]) + "=" + pct(p[1])).collect(Collectors.joining("&"));',
  '    }',
  '',
  '    /** §3.4.1.3.1: the query is read as a form, so "+" is a space. */',
  '    static List<String[]> formDecode(String text) {',
  '        List<String[]> out = new ArrayList<>();',
  '        if (text == null) return out;',
  '        for (String part : text.split("&")) {',
  '            if (part.isEmpty()) continue;',
  "            int eq = part.indexOf('=');",
  '            String name = eq < 0 ? part : part.substring(0, eq);',
  '            String value = eq < 0 ? "" : part.substring(eq + 1);',
  '            out.add(new String[] { URLDecoder.decode(name, StandardCharsets.UTF_8), URLDecoder.decode(value, StandardCharsets.UTF_8) });',
  '        }',
  '        return out;',
  '    }',
  '',
];

/** §3.4.2 to §3.4.4: the signature over `baseString`, by the chosen method. */
function javaSigning(c: OAuth1Code): string[] {
  const rsa = isRsaMethod(c.signatureMethod);
  return rsa
    ? [
        "        // §3.4.3: RSA signs with the consumer's private key (PKCS#8 PEM); the secrets are not used.",
        '        String pem = PRIVATE_KEY.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\\\s", "");',
        '        PrivateKey privateKey = KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(pem)));',
        `        Signature rsa = Signature.getInstance(${javaStr(RSA[SIGNATURE_HASH[c.signatureMethod as 'RSA-SHA1']])});`,
        '        rsa.initSign(privateKey);',
        '        rsa.update(baseString.getBytes(StandardCharsets.UTF_8));',
        '        String signature = Base64.getEncoder().encodeToString(rsa.sign());',
      ]
    : [
        '        // §3.4.2: both secrets encoded and joined by "&", which stays when either is empty.',
        '        String key = pct(CONSUMER_SECRET) + "&" + pct(TOKEN_SECRET);',
        ...(HMAC[c.signatureMethod]
          ? [
              `        Mac mac = Mac.getInstance(${javaStr(HMAC[c.signatureMethod]!)});`,
              `        mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), ${javaStr(HMAC[c.signatureMethod]!)}));`,
              '        String signature = Base64.getEncoder().encodeToString(mac.doFinal(baseString.getBytes(StandardCharsets.UTF_8)));',
            ]
          : [
              '        // §3.4.4: PLAINTEXT sends the key itself (use it over HTTPS only).',
              '        String signature = key;',
            ]),
      ];
}

/** §3.5: the protocol parameters placed in the header, the query or the form body, and the request built. */
function javaSending(c: OAuth1Code): string[] {
  const contentType =
    c.form.length || c.placement === 'body' ? 'application/x-www-form-urlencoded' : (c.rawBody?.contentType ?? null);
  const bodyExpr =
    c.placement === 'body'
      ? 'encodePairs(withSignature)'
      : c.form.length
        ? 'encodePairs(Arrays.asList(FORM))'
        : c.rawBody
          ? 'RAW_BODY'
          : null;
  return [
    ...(c.placement === 'query'
      ? [
          '        // §3.5.3: the protocol parameters travel in the query.',
          '        uri = URI.create(URL + (uri.getRawQuery() == null ? "?" : "&") + encodePairs(oauth));',
        ]
      : []),
    ...(c.placement === 'body'
      ? [
          '        // §3.5.2: the protocol parameters travel in the form body.',
          '        List<String[]> withSignature = new ArrayList<>(Arrays.asList(FORM));',
          '        withSignature.addAll(oauth);',
        ]
      : []),
    '        HttpRequest.Builder request = HttpRequest.newBuilder(uri);',
    ...(c.placement === 'header'
      ? [
          `        String authorization = "OAuth " + ${c.realm !== null ? `${javaStr(quotedRealm(c.realm) + ', ')} + ` : ''}oauth.stream().map(p -> pct(p[0]) + "=\\"" + pct(p[1]) + "\\"").collect(Collectors.joining(", "));`,
          '        request.header("Authorization", authorization);',
        ]
      : []),
    ...(contentType ? [`        request.header("Content-Type", ${javaStr(contentType)});`] : []),
    `        request.method(METHOD, ${bodyExpr ? `HttpRequest.BodyPublishers.ofString(${bodyExpr})` : 'HttpRequest.BodyPublishers.noBody()'});`,
  ];
}

/** main: fresh protocol parameters, the base string (§3.4.1), the signature, the request sent and its answer printed. */
function javaMain(c: OAuth1Code): string[] {
  const { before, after } = fixedOauthParams(c);
  return [
    '    public static void main(String[] args) throws Exception {',
    '        URI uri = URI.create(URL);',
    '        // §3.1: the protocol parameters, with a fresh nonce and timestamp (§3.3).',
    '        List<String[]> oauth = new ArrayList<>();',
    ...before.map((p) => `        oauth.add(new String[] ${protocolPair(p)});`),
    '        oauth.add(new String[] { "oauth_timestamp", String.valueOf(System.currentTimeMillis() / 1000) });',
    '        oauth.add(new String[] { "oauth_nonce", UUID.randomUUID().toString().replace("-", "") });',
    ...after.map((p) => `        oauth.add(new String[] ${protocolPair(p)});`),
    '',
    '        // §3.4.1.3: protocol, query and form body parameters; names and values encoded, then sorted by name and',
    '        // then value, byte order.',
    '        List<String[]> params = new ArrayList<>(oauth);',
    '        params.addAll(formDecode(uri.getRawQuery()));',
    '        params.addAll(Arrays.asList(FORM));',
    '        String normalized = params.stream()',
    '            .map(p -> new String[] { pct(p[0]), pct(p[1]) })',
    '            .sorted(Comparator.<String[], String>comparing(p -> p[0]).thenComparing(p -> p[1]))',
    '            .map(p -> p[0] + "=" + p[1])',
    '            .collect(Collectors.joining("&"));',
    '        // §3.4.1.2: scheme and host in lower case, the port only when it is not the default, no query.',
    '        String scheme = uri.getScheme().toLowerCase();',
    '        int port = uri.getPort();',
    '        boolean defaultPort = port == -1 || (scheme.equals("http") && port == 80) || (scheme.equals("https") && port == 443);',
    '        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();',
    '        String baseUri = scheme + "://" + uri.getHost().toLowerCase() + (defaultPort ? "" : ":" + port) + path;',
    '        String baseString = METHOD + "&" + pct(baseUri) + "&" + pct(normalized);',
    ...javaSigning(c),
    '        oauth.add(new String[] { "oauth_signature", signature });',
    '',
    ...javaSending(c),
    '        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();',
    '        HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());',
    '        System.out.println(response.statusCode());',
    '        System.out.println(response.body());',
    '        if (response.statusCode() >= 400) System.exit(1);',
    '    }',
  ];
}

/**
 * One Java file with no dependencies (java.net.http and javax.crypto, Java 11+), run as it is with
 * `java SignedRequest.java`. It signs on every run, following RFC 5849 §3.4 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4) step by step.
 */
function javaOAuth1(c: OAuth1Code): string {
  return [
    '// OAuth 1.0a request signed on every run, following RFC 5849 §3.4: a fresh oauth_nonce and oauth_timestamp each',
    '// time, so it can run again and again. Exported by OAuth Lab. Java 11 or later, no libraries:',
    '//   java SignedRequest.java',
    ...javaImports(c),
    '',
    'public class SignedRequest {',
    ...javaConstants(c),
    '',
    ...JAVA_HELPERS,
    ...javaMain(c),
    '}',
    '',
  ].join('\n');
}

export const javaOAuth1Target: ExportTarget = {
  id: 'java-oauth1',
  label: 'Java (java.net.http + javax.crypto), signs each run',
  language: 'java',
  kind: 'signing-code',
  extension: '.java',
  filename: 'SignedRequest.java',
  mediaType: 'text/x-java',
  sources: ['oauth1'],
  secretPlaceholders: 'code',
  render: (input) => ({
    text: javaOAuth1(oauth1Code(sourceOf(input, 'oauth1').signing, input.secrets, input.target.label)),
  }),
};
