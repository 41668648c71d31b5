/**
 * The signature debugger's diagnosis, off the page's main thread: a request with many parameters takes a while to
 * diagnose (every candidate mistake is signed), and typing must never wait for it. Each message is one pass of
 * rsa-check.ts; the host's RSA answers travel through the page, which alone talks to the bridge.
 */
import { browserCrypto } from '../../platform/crypto';
import { answerRequest, type WorkerReply, type WorkerRequest } from './diagnosis-runner';

interface WorkerScope {
  onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerReply): void;
}
const scope = self as unknown as WorkerScope;

scope.onmessage = ({ data }) => scope.postMessage(answerRequest(data, browserCrypto));
