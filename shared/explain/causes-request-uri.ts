import { WEIGHT, type CauseList } from './candidates';
import { latestEarlier, type ExplainContext } from './explain-context';
import type { LegKey } from './leg-index';

const q = (v: string) => JSON.stringify(v);
const sentRequestUri: LegKey = (l) => (l.kind === 'authorization' ? l.main.query.request_uri : undefined);

/**
 * An authorization request naming a pushed request's request_uri (RFC 9126 §4) that was refused: the request_uri
 * is single use (§4, §7.3) and lives expires_in seconds (§2.2). The earlier requests and the push in the file are
 * the evidence; without them both stay possible. Its redirect_uri and client were checked when it was pushed.
 */
export function requestUriCauses(ctx: ExplainContext, at: number, list: CauseList): void {
  const leg = ctx.legs[at]!;
  const uri = leg.main.query.request_uri;
  // Refused by an error page, or a redirect naming the request (a user's access_denied is another cause).
  const error = leg.callback?.params.error;
  if (uri === undefined || ctx.answers[at]!.ok || (error !== undefined && !/^invalid_request(_uri)?$/.test(error)))
    return;
  const a = leg.main.index;
  const before = latestEarlier(ctx, at, sentRequestUri, uri);
  let decided = before !== undefined;
  if (before !== undefined)
    list.add(
      'request_uri_reused',
      WEIGHT.decisive,
      `entry ${ctx.legs[before]!.main.index} already sent request_uri ${q(uri)}; entry ${a} sends it again.`
    );
  const pushed = leg.paramsEntry === a ? null : ctx.views[leg.paramsEntry]!;
  const lifetime = pushed?.response().body.fields?.expires_in;
  if (pushed && typeof lifetime === 'number') {
    const age = (leg.main.sentAt - pushed.answeredAt) / 1000;
    if (Number.isFinite(age) && age > lifetime) {
      decided = true;
      list.add(
        'request_uri_expired',
        WEIGHT.decisive,
        `entry ${pushed.index} gave request_uri ${q(uri)} with expires_in ${lifetime}; entry ${a} used it ${age.toFixed(1)} s later.`
      );
    }
  }
  if (decided) return;
  const within =
    typeof lifetime === 'number' ? `, and entry ${a} used it within the expires_in of entry ${pushed!.index}` : '';
  const known = pushed
    ? `no earlier request in the file sent request_uri ${q(uri)}${within}`
    : `the push that gave request_uri ${q(uri)} is not in the file`;
  const said = 'the provider may have counted a use the file does not show (a reload, another tab)';
  list.add('request_uri_reused', WEIGHT.possible, `${known}; ${said}.`);
  if (!pushed) list.add('request_uri_expired', WEIGHT.possible, `${known}, so its expires_in and age are not known.`);
}
