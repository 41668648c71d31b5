import type { ReactNode } from 'react';
import type { BridgeError } from '../../../shared/bridge/result';
import type { LegStatus } from '../../../shared/flows';
import { targetsMock } from '../../../shared/flows/profile-config';
import type { Profile } from '../../../shared/store/profile';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { Explain } from '../../components/Explain';
import { LegStepper } from '../../components/LegStepper';
import { ProfilePicker } from '../../components/ProfilePicker';
import { SequenceDiagram, type Arrow } from '../../components/SequenceDiagram';
import { FlowBinding } from './FlowBinding';
import { useChosenProfile } from './use-chosen-profile';

/** What a flow page brings to the shell: its flow's state and actions, and the parts only it knows. */
export interface FlowPageParts<L extends string> {
  /** The flow's name, as the heading, the start button and the diagram say it ("OAuth 1.0a"). */
  readonly name: string;
  readonly flow: {
    readonly config: { readonly baseUrl: string };
    readonly legs: Readonly<Record<L, LegStatus>>;
  } | null;
  /** The profile the flow started with (the picker may have moved on since). */
  readonly flowProfile: Profile | null;
  readonly startError: BridgeError | null;
  readonly onStart: (profile: Profile, baseUrl: string) => void;
  /** Before the flow starts: what it walks through, against the chosen profile. */
  readonly intro: (profile: Profile | undefined) => ReactNode;
  /** Where the user logs in at the embedded mock, said after *Start* (nothing when no one logs in). */
  readonly mockLogin?: ReactNode;
  /** The legs in order, by title. */
  readonly titles: Readonly<Record<L, string>>;
  readonly arrows: readonly Arrow<L>[];
  /** Each leg's explanation, remembered as read under `<explainKey>.<leg>`. */
  readonly explain: Readonly<Record<L, ReactNode>>;
  readonly explainKey: string;
  readonly current: L;
  readonly onChoose: (leg: L) => void;
  /** The credentials obtained so far, under the stepper. */
  readonly credentials: ReactNode;
  /** The current leg's panel (request, response and the sticky action bar). */
  readonly panel: ReactNode;
}

/**
 * The layout every flow page shares: the header (profile picker, base URL, start), the start error and the
 * profile binding banner, the welcome before the start, then the leg stepper, credentials, sequence diagram and
 * the current leg with its explanation.
 */
export function FlowPageShell<L extends string>(p: FlowPageParts<L>) {
  const { profile, baseUrl, startOver } = useChosenProfile(p.onStart);
  const { flow, current } = p;
  const start = `Start the ${p.name} flow`;
  return (
    <div className="page">
      <header className="page-head">
        <h2>{p.name}</h2>
        <ProfilePicker />
        <span className="muted">
          {flow
            ? flow.config.baseUrl
            : (baseUrl ?? (profile && targetsMock(profile) ? 'mock not running' : 'this profile has no base URL'))}
        </span>
        <button type="button" className={flow ? '' : 'primary'} disabled={!baseUrl} onClick={() => startOver?.()}>
          {flow ? 'Start over' : start}
        </button>
      </header>
      {p.startError && (
        <p className="error" role="alert">
          {p.startError.message}
        </p>
      )}
      {flow && <FlowBinding flowProfile={p.flowProfile} flowBaseUrl={flow.config.baseUrl} chosen={profile} />}
      {!flow ? (
        <div className="welcome">
          <p>{p.intro(profile)}</p>
          <p>
            <strong>Next:</strong> press <em>{start}</em>.{profile?.builtIn && p.mockLogin ? <> {p.mockLogin}</> : ''}
          </p>
        </div>
      ) : (
        <>
          <LegStepper legs={flow.legs} titles={p.titles} current={current} onChoose={p.onChoose} />
          <ErrorBoundary what="The credentials" resetKey={flow}>
            {p.credentials}
          </ErrorBoundary>
          <details className="diagram">
            <summary>Sequence diagram</summary>
            <SequenceDiagram arrows={p.arrows} current={current} onChoose={p.onChoose} title={`${p.name} sequence`} />
          </details>
          <section className="leg-section" aria-label={p.titles[current]}>
            <h2 className="leg-heading">{p.titles[current]}</h2>
            <Explain key={`explain-${current}`} title={p.titles[current]} seenKey={`${p.explainKey}.${current}`}>
              {p.explain[current]}
            </Explain>
            <ErrorBoundary key={current} what={`The ${p.titles[current]} leg`} resetKey={flow}>
              {p.panel}
            </ErrorBoundary>
          </section>
        </>
      )}
    </div>
  );
}
