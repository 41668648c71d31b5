import { describe, expect, it } from 'vitest';
import { EXPORT_TARGETS, exportRequest } from '../../../../host/export';
import type { RawRequest } from '../../../../shared/http';
import type { SignatureInput } from '../../../../shared/oauth1';
import { RFC5849_EXAMPLE } from '../../../vectors/examples';

/** RFC 5849 §3.4.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1)'s example request (with oauth_version), so the signature is a known value. */
const signing: SignatureInput = RFC5849_EXAMPLE;
const SNAPSHOTS = EXPORT_TARGETS.filter((t) => t.kind === 'snapshot');
const snapshot = (target: string, s: SignatureInput = signing) =>
  exportRequest({ target, source: { kind: 'oauth1', signing: s } });
const plain = (target: string, request: RawRequest) =>
  exportRequest({ target, source: { kind: 'request', request } }).text;

describe('OAuth 1.0a snapshots say they are single-use, in their own comment syntax', () => {
  const COMMENT: Record<string, string> = {
    curl: '#',
    httpie: '#',
    wget: '#',
    'python-requests': '#',
    ruby: '#',
    powershell: '#',
    'javascript-fetch': '//',
    'node-http': '//',
    go: '//',
    java: '//',
    php: '//',
    csharp: '//',
  };
  it.each(SNAPSHOTS.filter((t) => t.id !== 'raw-http').map((t) => t.id))('%s', (id) => {
    const result = snapshot(id);
    const lines = result.text.split('\n');
    const first = id === 'php' ? (expect(lines[0]).toBe('<?php'), lines.slice(1)) : lines;
    const marker = COMMENT[id]!;
    expect(first[0]).toBe(
      `${marker} Single use: this OAuth 1.0a request is signed with oauth_nonce "7d8f3e4a" and oauth_timestamp 137131201 (1974-05-07T04:00:01.000Z).`
    );
    expect(first[1]!.startsWith(`${marker} A server accepts a nonce once and a timestamp only within its window`)).toBe(
      true
    );
    expect(first[2]!.startsWith(`${marker} runs once, soon.`)).toBe(true);
    // The exact signature of the RFC example (with oauth_version="1.0"), percent-encoded as in the header.
    expect(result.text).toContain('oauth_signature=');
    expect(result.text).toMatch(/oauth_nonce=[\\`]?"7d8f3e4a[\\`]?"/); // PowerShell escapes quotes with a backtick
    expect(result.notes[0]).toMatch(/^Single use: /);
    expect(result.placeholders).toEqual([]);
  });
  it('raw HTTP has no comment syntax: the warning is a note, the text is the request with CRLF line ends', () => {
    const result = snapshot('raw-http');
    expect(result.notes[0]).toMatch(/^Single use: /);
    expect(result.text.split('\r\n')).toEqual([
      'POST /request?b5=%3D%253D&a3=a&c%40=&a2=r%20b HTTP/1.1',
      'Host: example.com',
      expect.stringMatching(
        /^Authorization: OAuth realm="Example", oauth_consumer_key="9djdj82h48djs9d2", oauth_token="kkk9d7dh3k39sjv7", oauth_signature_method="HMAC-SHA1", oauth_timestamp="137131201", oauth_nonce="7d8f3e4a", oauth_version="1.0", oauth_signature="[^"]+"$/
      ),
      'Content-Type: application/x-www-form-urlencoded',
      'Content-Length: 9',
      '',
      'c2&a3=2+q',
    ]);
  });
  it('a signed request exported from the History (a plain request source) is single-use too', () => {
    const sent = snapshot('raw-http').text.split('\r\n');
    const authorization = sent.find((l) => l.startsWith('Authorization: '))!.slice('Authorization: '.length);
    const r = exportRequest({
      target: 'curl',
      source: {
        kind: 'request',
        request: { method: 'POST', url: 'http://example.com/request', headers: [['Authorization', authorization]] },
      },
    });
    expect(r.text.split('\n')[0]).toBe(
      '# Single use: this OAuth 1.0a request is signed with oauth_nonce "7d8f3e4a" and oauth_timestamp 137131201 (1974-05-07T04:00:01.000Z).'
    );
    expect(r.notes[0]).toMatch(/^Single use: /);
  });
  it('a bearer or plain request gets no single-use comment', () => {
    const r = exportRequest({
      target: 'python-requests',
      source: {
        kind: 'oauth2',
        request: { method: 'GET', url: 'http://h/api', headers: [['Authorization', 'Bearer t']] },
      },
    });
    expect(r.text.startsWith('import requests')).toBe(true);
    expect(r.notes).toEqual(['Secrets are left out; fill in YOUR_ACCESS_TOKEN.']);
  });
  it("file names say what the export holds; Java's match the public class", () => {
    expect(snapshot('curl').filename).toBe('post-request.sh');
    expect(snapshot('java').filename).toBe('OAuthLabRequest.java');
    expect(snapshot('java').text).toContain('public class OAuthLabRequest {');
    expect(snapshot('node-http').filename).toBe('post-request.cjs');
    expect(snapshot('javascript-fetch').filename).toBe('post-request.mjs');
  });
});

describe("httpsnippet's unescaped strings, fixed where a request's characters would break the code", () => {
  const request: RawRequest = {
    method: 'POST',
    url: "http://h:8080/p?q=it's&f=$filter&g=[1]",
    headers: [
      ['X-Note', 'a$b'],
      ['Content-Type', 'application/json'],
      ['Host', 'h:8080'],
      ['Content-Length', '99'],
      ['Connection', 'close'],
    ],
    body: '{"a":"it\'s $HOME #{x} #$y #@z \\\\"}',
  };
  it('curl: --data-raw (no @file) and --globoff (no [] globbing)', () => {
    const text = plain('curl', request);
    expect(text).toContain("--data-raw '{\"a\":\"it'\\''s $HOME #{x} #$y #@z \\\\\"}'");
    expect(text.split('\n')[1]).toBe('  --globoff \\');
  });
  it('transport headers (Host as the URL says, Content-Length, Connection) are left to the client', () => {
    for (const target of ['curl', 'python-requests', 'java']) {
      const text = plain(target, request);
      expect(text, target).not.toMatch(/Content-Length|Connection|'Host|"Host/);
    }
    expect(plain('curl', { ...request, headers: [['Host', 'virtual.example']] })).toContain(
      "--header 'Host: virtual.example'"
    );
  });
  it('JavaScript fetch: the URL is a proper string literal', () => {
    expect(plain('javascript-fetch', request)).toContain(
      "const url = 'http://h:8080/p?q=it\\'s&f=%24filter&g=%5B1%5D';"
    );
  });
  it('PowerShell: quotes doubled in single-quoted strings, $ kept literal in double-quoted ones', () => {
    const text = plain('powershell', request);
    expect(text).toContain("-Uri 'http://h:8080/p?q=it''s&f=%24filter&g=%5B1%5D'");
    expect(text).toContain('-Body \'{"a":"it\'\'s $HOME #{x} #$y #@z \\\\"}\'');
    expect(text).toContain('$headers.Add("X-Note", "a`$b")');
  });
  it('PHP: $ escaped inside double quotes', () => {
    const text = plain('php', request);
    expect(text).toContain('CURLOPT_POSTFIELDS => "{\\"a\\":\\"it\'s \\$HOME #{x} #\\$y #@z \\\\\\\\\\"}",');
    expect(text).toContain('"X-Note: a\\$b"');
  });
  it('Ruby: #{, #$ and #@ escaped inside double quotes', () => {
    expect(plain('ruby', request)).toContain(
      'request.body = "{\\"a\\":\\"it\'s $HOME \\#{x} \\#$y \\#@z \\\\\\\\\\"}"'
    );
  });
  it('C#: the body keeps its own Content-Type (parsed, so parameters such as charset are allowed)', () => {
    expect(plain('csharp', { ...request, headers: [['Content-Type', 'application/json; charset=utf-8']] })).toContain(
      'ContentType = MediaTypeHeaderValue.Parse("application/json; charset=utf-8")'
    );
  });
  it('HTTPie: printf instead of echo (no added newline, no escapes read)', () => {
    expect(plain('httpie', request)).toMatch(/^printf '%s' '\{"a":"it'\\''s \$HOME/);
  });
  it('Go, Java, Python: complete programs', () => {
    expect(plain('go', request)).toMatch(/^package main\n/);
    expect(plain('java', request)).toMatch(
      /^import java\.net\.URI;\n[\s\S]*public static void main\(String\[\] args\) throws Exception \{/
    );
    const py = plain('python-requests', request);
    expect(py).toContain('data=payload.encode("utf-8")');
    expect(py).toMatch(/print\(response\.status_code\)\nprint\(response\.text\)$/m);
  });
});
