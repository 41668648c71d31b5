import type { RawResponse } from '../../shared/http';
import { apiAnswer, providerMessage, sentence } from '../../shared/provider-message';
import { terminalSafe } from './terminal-text';

/**
 * The status on stderr, and the provider's words: on a refusal decoded as the flows decode them (oauth_problem,
 * a WWW-Authenticate challenge's error and error_description, an error document), on a 2xx whose body is an error
 * document (Slack's ok:false, Flickr's stat="fail") a warning; the exit code follows the status.
 */
export function answerLines(response: RawResponse, otherTokenIds: readonly string[]): string[] {
  const lines = [terminalSafe(`HTTP ${response.status} ${response.statusText}`)];
  if (response.status >= 200 && response.status < 300) {
    const { bodySays } = apiAnswer(response);
    if (bodySays) lines.push(`warn: ${terminalSafe(bodySays)}`);
    return lines;
  }
  const said = providerMessage(response);
  if (said) lines.push(`The provider says (${said.source}): ${terminalSafe(sentence(said.text))}`);
  if (response.status === 401 && otherTokenIds.length > 0)
    lines.push(
      `The saved token may have been revoked or deauthorized; --token-id picks another: ${otherTokenIds.join(', ')}.`
    );
  return lines;
}
