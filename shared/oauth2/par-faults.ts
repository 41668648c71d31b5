/** The mock's switch parFault: a request_uri handed out already used, or already expired (RFC 9126 §4, §2.2), so the authorize endpoint's refusal can be seen. */
export const PAR_FAULTS = ['off', 'request-uri-reused', 'request-uri-expired'] as const;
