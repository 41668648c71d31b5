// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BODY_SHOWN_CHARS, ExchangeView } from '../../../../renderer/components/ExchangeView';
import type { Exchange } from '../../../../shared/http';

afterEach(cleanup);

const exchange = (body: string, headers: [string, string][], requestBody?: string): Exchange => ({
  request: {
    method: 'POST',
    url: 'http://127.0.0.1:9/oauth/v2/token',
    headers: [['Authorization', 'Basic YXBwOnNlY3JldA==']],
    ...(requestBody !== undefined ? { body: requestBody } : {}),
  },
  response: { status: 200, statusText: 'OK', headers, bodyText: body, bodySize: new TextEncoder().encode(body).length },
  timings: { connect: null, tls: null, firstByte: null, total: 1 },
  startedAt: 0,
});

const TOKEN_JSON = '{"access_token":"AT-1","refresh_token":"RT-1","id_token":"eyJ.ID.sig","token_type":"Bearer"}';
const wire = () =>
  screen
    .getAllByText((_, el) => el?.tagName === 'PRE')
    .map((el) => el.textContent ?? '')
    .join('\n');

describe('ExchangeView: the raw response with its secrets masked', () => {
  it('masks tokens in JSON, codes and secrets in forms, Basic credentials and cookies until revealed', () => {
    render(
      <ExchangeView
        exchange={exchange(
          TOKEN_JSON,
          [
            ['Content-Type', 'application/json'],
            ['Set-Cookie', 'sid=S3SS10N; Path=/; HttpOnly'],
          ],
          'grant_type=authorization_code&code=C0DE&client_secret=CS'
        )}
      />
    );
    fireEvent.click(screen.getByRole('button', { name: 'Raw exchange' }));
    const masked = wire();
    for (const secret of ['AT-1', 'RT-1', 'eyJ.ID.sig', 'S3SS10N', 'C0DE', 'CS', 'YXBwOnNlY3JldA=='])
      expect(masked).not.toContain(secret);
    expect(masked).toContain('"token_type":"Bearer"');
    expect(masked).toContain('Set-Cookie: sid=••••••••; Path=/; HttpOnly');
    expect(masked).toContain('code=••••••••&client_secret=••••••••');
    fireEvent.click(screen.getByRole('button', { name: 'Reveal secrets' }));
    const revealed = wire();
    for (const secret of ['AT-1', 'RT-1', 'eyJ.ID.sig', 'S3SS10N', 'C0DE', 'YXBwOnNlY3JldA=='])
      expect(revealed).toContain(secret);
    fireEvent.click(screen.getByRole('button', { name: 'Hide secrets' }));
    expect(wire()).not.toContain('AT-1');
  });
  it('masks the formatted view too, a form body included; no switch when there is nothing to hide', () => {
    render(
      <ExchangeView
        exchange={exchange('access_token=AT-2&expires=5183999', [
          ['Content-Type', 'application/x-www-form-urlencoded'],
        ])}
      />
    );
    expect(wire()).toContain('access_token=••••••••');
    expect(wire()).not.toContain('AT-2');
    cleanup();
    const plain = exchange('{"ok":true}', [['Content-Type', 'application/json']]);
    render(<ExchangeView exchange={{ ...plain, request: { ...plain.request, headers: [] } }} />);
    expect(screen.queryByRole('button', { name: 'Reveal secrets' })).toBeNull();
  });
  it("follows the caller's switch when it has one", () => {
    render(<ExchangeView exchange={exchange(TOKEN_JSON, [])} reveal={false} />);
    expect(screen.queryByRole('button', { name: 'Reveal secrets' })).toBeNull();
    expect(wire()).not.toContain('AT-1');
  });
  it('shows the start of a huge body, and all of it on request', () => {
    const huge = `{"access_token":"AT-3","data":"${'x'.repeat(200 * 1024)}END"}`;
    render(<ExchangeView exchange={exchange(huge, [['Content-Type', 'application/json']])} />);
    const start = wire();
    expect(start).not.toContain('END');
    expect(start).not.toContain('AT-3');
    expect(start.length).toBeLessThan(BODY_SHOWN_CHARS + 1000);
    fireEvent.click(screen.getByRole('button', { name: `Show all (${huge.length.toLocaleString('en-US')} bytes)` }));
    expect(wire()).toContain('END');
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull();
  });
});
