import type { Observed } from '../../shared/grade/observed';
import type { Scenario } from '../../shared/grade/scenarios';
import type { Reply } from '../http';
import type { GraderKeys } from './grader-keys';

/** The registered client every scenario's issuer knows (a confidential client, client_secret_basic). */
export interface GradedClient {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUri: string;
}

/** What one answer was, for the observer: the reply and how the judge reads it. */
export interface Answered {
  readonly reply: Reply;
  readonly observed: Omit<Observed, 'method' | 'path'>;
}

/** What an authorization code stands for, kept by its issuer until it is redeemed once. */
export interface IssuedGrant {
  readonly challenge: string | null;
  readonly method: string;
  readonly nonce: string | null;
  readonly scope: string;
  readonly authTime: number;
}

/** The state of one scenario's issuer: fresh for each scenario, so scenarios never share codes or tokens. */
export interface IssuerState {
  readonly codes: Map<string, IssuedGrant>;
  readonly accessTokens: Set<string>;
  /**
   * The refresh token in force, those rotated out, and the auth_time of the authentication they stem from: a
   * refreshed id_token carries the original auth_time (OpenID Connect Core §12.2).
   */
  readonly refresh: { current: string | null; readonly rotatedOut: Set<string>; authTime: number | null };
  userinfoCalls: number;
}

/** What an endpoint of a scenario's issuer is given: the scenario, its issuer URL, client, keys and state. */
export interface ScenarioAnswers {
  readonly scenario: Scenario;
  readonly issuer: string;
  readonly client: GradedClient;
  readonly keys: GraderKeys;
  readonly state: IssuerState;
  /** The clock, in milliseconds. */
  now(): number;
  plain(endpoint: Observed['endpoint'], r: Reply, said: string, more?: Partial<Answered['observed']>): Answered;
}
