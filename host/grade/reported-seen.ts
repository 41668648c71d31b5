import type { Fingerprint } from '../../shared/explain/fingerprint';
import { reportedRequest, type ReportedRequest } from '../../shared/grade/grade-report';
import type { SeenRequest } from '../../mock-provider/grader/grader-server';

/** A request the grader saw as the report shows it (secrets fingerprinted), for `grade --report` and the app alike. */
export const reportedSeen = (x: SeenRequest, fp: Fingerprint): ReportedRequest =>
  reportedRequest(
    {
      method: x.request.method,
      target: x.request.target,
      headers: x.request.headers,
      body: x.request.bodyText,
      status: x.observed.status,
      said: x.observed.said,
    },
    fp
  );
