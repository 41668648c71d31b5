/** One poll as the grant's state records it: when, what the server answered, what it means, the wait after it. */
export interface PollAttemptRow {
  readonly at: number;
  readonly answer: string;
  readonly meaning: string;
  readonly interval: number;
}

/** Each poll as it came: when, the answer, what it means, the interval after it (RFC 8628 §3.5). */
export function PollAttempts({ attempts }: { attempts: readonly PollAttemptRow[] }) {
  if (attempts.length === 0) return <p className="muted">Waiting for the first poll…</p>;
  const first = attempts[0]!.at;
  return (
    <table className="poll-attempts" aria-label="Polls">
      <thead>
        <tr>
          <th>#</th>
          <th>At</th>
          <th>Answer</th>
          <th>Meaning</th>
          <th>Interval</th>
        </tr>
      </thead>
      <tbody>
        {attempts.map((a, i) => (
          <tr key={i}>
            <td>{i + 1}</td>
            <td className="nowrap">+{Math.round((a.at - first) / 1000)} s</td>
            <td>
              <code>{a.answer}</code>
            </td>
            <td>{a.meaning}</td>
            <td>{a.interval} s</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
