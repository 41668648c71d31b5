import { describe, expect, it } from 'vitest';
import type { RawResponse } from '../../../shared/http';
import { apiAnswer, errorDocumentOn2xx, providerMessage, sentence } from '../../../shared/provider-message';
import { readBody } from '../../../shared/response-body';

const response = (status: number, body: string, headers: [string, string][] = []): RawResponse => ({
  status,
  statusText: '',
  headers,
  bodyText: body,
  bodySize: body.length,
});
const JSON_TYPE: [string, string] = ['Content-Type', 'application/json'];
const said = (status: number, body: string, headers: [string, string][] = [JSON_TYPE]) =>
  providerMessage(response(status, body, headers));

describe("providerMessage: the provider's own words, wherever it put them", () => {
  it('reads RFC 6749 §5.2 members on any status, as JSON or as a form', () => {
    expect(said(400, '{"error":"invalid_grant","error_description":"Bad Request","error_uri":"https://x/e"}')).toEqual({
      text: 'invalid_grant: Bad Request',
      source: 'error field',
      code: 'invalid_grant',
      uri: 'https://x/e',
    });
    expect(
      said(200, 'error=bad_verification_code&error_description=The+code+passed+is+incorrect+or+expired.', [
        ['Content-Type', 'application/x-www-form-urlencoded'],
      ])
    ).toMatchObject({
      text: 'bad_verification_code: The code passed is incorrect or expired.',
      code: 'bad_verification_code',
    });
  });
  it("reads Slack's ok:false, nested error objects, errors arrays, status+message and problem details", () => {
    expect(said(200, '{"ok":false,"error":"invalid_code"}')).toMatchObject({
      text: 'invalid_code',
      source: 'ok: false',
    });
    expect(said(200, '{"ok":false,"error":"missing_scope","needed":"chat:write","provided":"identify"}')!.text).toBe(
      'missing_scope: needed chat:write, provided identify'
    );
    expect(
      said(400, '{"error":{"message":"Invalid verification code format.","type":"OAuthException","code":100}}')!.text
    ).toBe('OAuthException: Invalid verification code format.');
    expect(
      said(401, '{"errors":[{"code":32,"message":"Could not authenticate you."},{"message":"Second"}]}')!.text
    ).toBe('32: Could not authenticate you.; Second');
    expect(said(401, '{"status":401,"message":"Invalid access token"}')!.text).toBe('401: Invalid access token');
    expect(said(401, '{"message":"Unauthorized","error":401}')!.text).toBe('401: Unauthorized');
    expect(
      said(403, '{"type":"about:blank","title":"Forbidden","detail":"Scope missing"}', [
        ['Content-Type', 'application/problem+json'],
      ])!.text
    ).toBe('Forbidden: Scope missing');
  });
  it('reads oauth_problem with its advice and the parameters it names, from a body or a challenge, decoded', () => {
    expect(
      said(
        400,
        'oauth_problem=parameter_absent&oauth_parameters_absent=oauth_nonce%26oauth_timestamp&oauth_problem_advice=Add%20them',
        [['Content-Type', 'text/plain']]
      )
    ).toMatchObject({
      text: 'parameter_absent: Add them: oauth_parameters_absent=oauth_nonce&oauth_timestamp',
      code: 'parameter_absent',
    });
    const challenge = said(401, '', [
      [
        'WWW-Authenticate',
        'OAuth realm="api", oauth_problem="token_revoked", oauth_problem_advice="The%20user%20deauthorized%20the%20token."',
      ],
    ]);
    expect(challenge).toEqual({
      text: 'token_revoked: The user deauthorized the token.',
      source: 'WWW-Authenticate',
      code: 'token_revoked',
      uri: null,
    });
    expect(
      said(401, '', [
        ['WWW-Authenticate', 'Bearer realm="x", error="invalid_token", error_description="The access token expired"'],
      ])!.text
    ).toBe('invalid_token: The access token expired');
  });
  it("reads XML error documents: elements and Flickr's attributes", () => {
    expect(
      said(
        401,
        '<?xml version="1.0" encoding="UTF-8"?><hash><error>Desktop applications only support the oauth_callback value &apos;oob&apos;</error><request>/oauth/request_token</request></hash>',
        [['Content-Type', 'application/xml']]
      )!.text
    ).toBe("Desktop applications only support the oauth_callback value 'oob'");
    expect(
      said(
        200,
        '<?xml version="1.0" encoding="utf-8" ?>\n<rsp stat="fail">\n\t<err code="98" msg="Invalid auth token" />\n</rsp>',
        [['Content-Type', 'text/xml']]
      )
    ).toMatchObject({ text: '98: Invalid auth token', code: '98', source: 'XML document' });
  });
  it("reads an HTML page's title and first text, a redirect's Location, and a short text", () => {
    expect(
      said(
        404,
        '<!DOCTYPE html><html><head><title>Page not found</title><style>p{}</style></head><body><h1>Page not found</h1><p>The page &amp; the path <b>/oauth</b> do not exist.</p><script>x()</script></body></html>',
        [['Content-Type', 'text/html']]
      )
    ).toMatchObject({ text: 'Page not found: The page & the path /oauth do not exist.', source: 'HTML page' });
    expect(said(302, '', [['Location', 'https://login.example/?next=%2Ftoken']])).toMatchObject({
      text: 'redirect to https://login.example/?next=%2Ftoken',
      source: 'redirect',
    });
    expect(said(401, 'invalid key\n', [['Content-Type', 'text/plain']])).toMatchObject({
      text: 'invalid key',
      source: 'text',
    });
    expect(said(500, '')).toBe(null);
  });
  it('keeps to one line of bounded length', () => {
    expect(
      said(400, JSON.stringify({ error: 'x', error_description: `line one\r\nline two ${'y'.repeat(500)}` }))!.text
    ).toMatch(/^x: line one line two y+…$/);
    expect(said(400, JSON.stringify({ error: 'x', error_description: 'z'.repeat(500) }))!.text.length).toBe(300);
  });
  it('sentence() ends once', () => {
    expect(sentence('Done.')).toBe('Done.');
    expect(sentence('Done')).toBe('Done.');
  });
});

describe('an error document on HTTP 200, as an API leg reads it', () => {
  const XML: [string, string] = ['Content-Type', 'text/xml; charset=utf-8'];
  it('finds Slack\'s ok:false, Flickr\'s stat="fail" (XML and JSON), an error field, an errors list, oauth_problem', () => {
    expect(apiAnswer(response(200, '{"ok":false,"error":"invalid_auth"}', [JSON_TYPE]))).toEqual({
      summary: 'API call answered 200, but the body says: invalid_auth.',
      bodySays: 'HTTP 200, but the body says: invalid_auth.',
    });
    expect(
      errorDocumentOn2xx(
        response(
          200,
          '<?xml version="1.0" encoding="utf-8" ?>\n<rsp stat="fail">\n\t<err code="98" msg="Invalid auth token" />\n</rsp>',
          [XML]
        )
      )!.text
    ).toBe('98: Invalid auth token');
    expect(
      errorDocumentOn2xx(response(200, '{"stat":"fail","code":98,"message":"Invalid auth token"}', [JSON_TYPE]))!.text
    ).toBe('98: Invalid auth token');
    expect(errorDocumentOn2xx(response(200, '{"error":"bad_verification_code"}', [JSON_TYPE]))!.text).toBe(
      'bad_verification_code'
    );
    expect(errorDocumentOn2xx(response(200, '{"errors":[{"message":"Not Found"}]}', [JSON_TYPE]))!.text).toBe(
      'Not Found'
    );
    expect(
      errorDocumentOn2xx(
        response(200, 'oauth_problem=token_rejected', [['Content-Type', 'application/x-www-form-urlencoded']])
      )!.text
    ).toBe('token_rejected');
    expect(errorDocumentOn2xx(response(200, '<error><message>Quota exceeded</message></error>', [XML]))!.text).toBe(
      'Quota exceeded'
    );
  });
  it('leaves ordinary bodies alone: a message, an empty errors list, ok:true, an HTML page, XML that succeeded, text', () => {
    const ordinary: [string, [string, string][]][] = [
      ['{"message":"Hello","ok":true}', [JSON_TYPE]],
      ['{"data":[],"errors":[],"error":null}', [JSON_TYPE]],
      ['<html><head><title>Welcome</title></head><body>Hi</body></html>', [['Content-Type', 'text/html']]],
      ['<rsp stat="ok"><user id="1"><username>u</username></user></rsp>', [XML]],
      ['<feed><entry><title>error handling</title></entry></feed>', [XML]],
      ['fine', [['Content-Type', 'text/plain']]],
    ];
    for (const [body, headers] of ordinary) {
      expect(errorDocumentOn2xx(response(200, body, headers)), body).toBeNull();
      expect(apiAnswer(response(200, body, headers))).toEqual({ summary: 'API call answered 200.', bodySays: null });
    }
    // Not a 2xx: the leg's failure reason speaks instead.
    expect(errorDocumentOn2xx(response(401, '{"ok":false,"error":"invalid_auth"}', [JSON_TYPE]))).toBeNull();
  });
});

describe('readBody', () => {
  it('tells JSON (with a byte-order mark, any charset), forms under any label, XML, HTML and text apart', () => {
    expect(
      readBody(response(200, '\uFEFF{"a":1}', [['Content-Type', 'application/json; charset=windows-1252']]))
    ).toMatchObject({ format: 'json', fields: { a: 1 } });
    expect(
      readBody(response(200, 'access_token=a&expires=5183999', [['Content-Type', 'text/plain; charset=UTF-8']]))
    ).toMatchObject({ format: 'form', fields: { access_token: 'a', expires: '5183999' } });
    expect(readBody(response(200, '<rsp/>')).format).toBe('xml');
    expect(readBody(response(200, '<html><body>x</body></html>')).format).toBe('html');
    expect(readBody(response(200, 'invalid key')).format).toBe('text');
    expect(readBody(response(200, '  ')).format).toBe('empty');
  });
});
