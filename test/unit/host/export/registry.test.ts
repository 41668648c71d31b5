import { describe, expect, it } from 'vitest';
import {
  describeTarget,
  EXPORT_TARGETS,
  ExportError,
  exportRequest,
  targetsFor,
  type ExportSource,
} from '../../../../host/export';
import { Secrets } from '../../../../host/export/secrets';
import { exportTargetSchema } from '../../../../shared/bridge/schemas/export';

const bearer: ExportSource = {
  kind: 'oauth2',
  request: { method: 'GET', url: 'http://127.0.0.1:9/api/v1/me', headers: [['Authorization', 'Bearer at-123456']] },
  refreshToken: 'rt-123456',
  tokenUrl: 'http://127.0.0.1:9/oauth/v2/token',
  clientId: 'client',
  clientSecret: 'cs-123456',
};

describe('the export target registry', () => {
  it('describes each target to the bridge as plain data its schema accepts, without the render function', () => {
    for (const t of EXPORT_TARGETS) {
      const described = describeTarget(t);
      expect(exportTargetSchema.parse(described), t.id).toEqual(described);
      expect(
        Object.values(described).some((v) => typeof v === 'function'),
        t.id
      ).toBe(false);
    }
  });

  it('renders each target through its own record: its placeholder style, its file name', () => {
    for (const t of targetsFor('oauth2')) {
      const r = exportRequest({ target: t.id, source: bearer });
      expect(r.placeholders.length, t.id).toBeGreaterThan(0);
      for (const p of r.placeholders)
        expect(p, t.id).toMatch(t.secretPlaceholders === 'template' ? /^\{\{[a-z_]+\}\}$/ : /^YOUR_[A-Z_]+$/);
      expect(r.filename, t.id).toBe(t.filename ?? `get-api-v1-me${t.extension}`);
      expect(r.mediaType, t.id).toBe(t.mediaType);
    }
    expect(EXPORT_TARGETS.filter((t) => t.secretPlaceholders === 'template').map((t) => t.id)).toEqual([
      'postman',
      'http-file',
    ]);
    expect(exportRequest({ target: 'java', source: bearer }).filename).toBe('OAuthLabRequest.java');
  });

  it('a render function given a source it cannot express says which one it needs', () => {
    const target = EXPORT_TARGETS.find((t) => t.id === 'python-oauth1')!;
    const request = () => bearer.request!;
    const run = () =>
      target.render({
        target,
        source: bearer,
        exact: bearer.request!,
        request,
        secrets: new Secrets(false, 'code'),
        singleUse: null,
      });
    expect(run).toThrow(ExportError);
    expect(run).toThrow('Python (requests-oauthlib), signs each run needs an OAuth 1.0a request.');
  });
});
