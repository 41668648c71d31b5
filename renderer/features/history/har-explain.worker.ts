/** A HAR file explained off the page's main thread (a browser's HAR is tens of megabytes). */
import { browserCrypto, browserRandom } from '../../platform/crypto';
import { explainHarText, type HarExplainReply, type HarExplainRequest } from './har-explain';

interface WorkerScope {
  onmessage: ((e: MessageEvent<HarExplainRequest>) => void) | null;
  postMessage(message: HarExplainReply): void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = ({ data }) =>
  scope.postMessage({ id: data.id, result: explainHarText(data.text, browserCrypto, browserRandom) });
