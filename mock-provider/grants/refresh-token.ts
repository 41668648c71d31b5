import { bad } from '../oauth2-token-error';
import type { Grant } from './grant';
import { issueTokens } from './issue-tokens';
import { isLax } from '../lax';

const ASSUME_REFRESH =
  'The refresh_token grant follows RFC 6749 §6; the service does not show the operation that uses the refresh token (interface §5.2).';

/** RFC 6749 §6 (https://www.rfc-editor.org/rfc/rfc6749#section-6) (an assumption: the interface says "not shown"), with rotation and replay detection (RFC 9700 §4.14.2 (https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2)). */
export const refreshTokenGrant = {
  grantType: 'refresh_token',
  handle(ctx, client, get, certificate) {
    const value = get.value('refresh_token');
    if (!value) throw bad('invalid_request', 'refresh_token is missing.');
    const rt = ctx.state.refreshTokens.get(value);
    if (!rt) throw bad('invalid_grant', 'The refresh token is unknown to this provider.');
    if (rt.clientId !== client.id)
      throw bad('invalid_grant', 'The refresh token was issued to another client (RFC 6749 §6).');
    if (rt.status === 'revoked') throw bad('invalid_grant', 'The refresh token was revoked.');
    // Lax refresh-reuse-not-detected: a rotated-out refresh token still works (RFC 9700 §4.14.2).
    if (rt.status === 'rotated' && !isLax(ctx.settings.switches, 'refresh-reuse-not-detected')) {
      ctx.state.revokeGrant(rt.grantId);
      throw bad(
        'invalid_grant',
        'The refresh token was already used and replaced (rotation); a replay revokes the whole grant (RFC 9700 §4.14.2).'
      );
    }
    // RFC 9449 §5: a refresh token bound to a DPoP key is refreshed only with a proof of that key.
    if (rt.jkt !== undefined && rt.jkt !== ctx.dpopJkt)
      throw bad(
        'invalid_dpop_proof',
        ctx.dpopJkt
          ? `The refresh token is bound to DPoP key ${rt.jkt}; the proof was made with key ${ctx.dpopJkt} (RFC 9449 §5).`
          : `The refresh token is bound to DPoP key ${rt.jkt}; send a DPoP proof made with that key (RFC 9449 §5).`
      );
    // RFC 8705 §4: a refresh token bound to a certificate is refreshed only over mutual TLS with that certificate.
    if (rt.certificateThumbprint !== undefined && rt.certificateThumbprint !== certificate)
      throw bad(
        'invalid_grant',
        `The refresh token is bound to the client certificate x5t#S256 ${rt.certificateThumbprint}; the request ${certificate ? `presented another one (${certificate})` : 'presented none'}. Refresh over mutual TLS with the same certificate (RFC 8705 §4).`
      );
    if (ctx.state.isExpired(rt))
      throw bad('invalid_grant', `The refresh token expired at ${new Date(rt.expiresAt).toISOString()}.`);
    const asked = get.value('scope');
    const granted = rt.scope.split(' ').filter(Boolean);
    const wanted = asked === undefined ? granted : asked.split(' ').filter(Boolean);
    const extra = wanted.filter((s) => !granted.includes(s));
    if (extra.length)
      throw bad(
        'invalid_scope',
        `Scope ${extra.join(' ')} was not in the original grant (${rt.scope || 'empty'}); a refresh may only narrow it (RFC 6749 §6).`
      );
    return {
      ...issueTokens(ctx, rt, [...new Set(wanted)].join(' '), 'Refresh token accepted', { previous: rt, certificate }),
      assumptions: [ASSUME_REFRESH],
    };
  },
} as const satisfies Grant;
