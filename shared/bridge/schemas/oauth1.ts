import { z } from 'zod';
import { PARAM_SOURCES } from '../../oauth1/parameters';
import { SIGNATURE_METHODS } from '../../oauth1/signing';

/** shared/oauth1/trace.ts across the bridge: the host signs (RSA keys never need to reach the renderer's crypto). */
const param = z.tuple([z.string(), z.string()]).readonly();

export const signatureInputSchema = z.strictObject({
  method: z.string().min(1, 'the HTTP method is empty'),
  url: z.string().min(1, 'the URL is empty'),
  body: z.string().optional(),
  contentType: z.string().optional(),
  consumerKey: z.string(),
  consumerSecret: z.string().nullable().optional(),
  token: z.string().nullable().optional(),
  tokenSecret: z.string().nullable().optional(),
  signatureMethod: z.enum(SIGNATURE_METHODS),
  nonce: z.string().min(1, 'the nonce is empty').nullable().optional(),
  timestamp: z
    .string()
    .regex(/^\d+$/, 'the timestamp must be whole seconds since 1970 (digits only)')
    .nullable()
    .optional(),
  realm: z.string().nullable().optional(),
  includeVersion: z.boolean().optional(),
  includeBodyHash: z.boolean().optional(),
  privateKeyPem: z.string().optional(),
  placement: z.enum(PARAM_SOURCES).optional(),
  callback: z.string().nullable().optional(),
  verifier: z.string().nullable().optional(),
  extraOauthParams: z.array(param).readonly().optional(),
});

const traceParamSchema = z.strictObject({
  name: z.string(),
  value: z.string(),
  source: z.enum(PARAM_SOURCES),
  encodedName: z.string(),
  encodedValue: z.string(),
  index: z.number().int(),
});

export const traceStepSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    id: z.enum([
      'body-hash',
      'normalized-parameters',
      'base-string-uri',
      'signature-base-string',
      'signing-key',
      'signature',
      'authorization-header',
    ]),
    title: z.string(),
    section: z.string(),
    kind: z.literal('text'),
    text: z.string(),
  }),
  z.strictObject({
    id: z.enum([
      'protocol-parameters',
      'query-parameters',
      'body-parameters',
      'encoded-parameters',
      'sorted-parameters',
    ]),
    title: z.string(),
    section: z.string(),
    kind: z.literal('params'),
    params: z.array(traceParamSchema).readonly(),
  }),
]);

export const signatureTraceSchema = z.strictObject({
  steps: z.array(traceStepSchema).readonly(),
  params: z.array(traceParamSchema).readonly(),
  sortedParams: z.array(traceParamSchema).readonly(),
  normalizedParameters: z.string(),
  baseStringUri: z.string(),
  baseString: z.string(),
  signingKey: z.string(),
  signature: z.string(),
  digestHex: z.string().nullable(),
  authorization: z.string().nullable(),
  request: z.strictObject({
    method: z.string(),
    url: z.string(),
    headers: z.array(param).readonly(),
    body: z.string().optional(),
  }),
});
