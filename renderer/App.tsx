import { SEED } from '../shared/seed';

/** The first screen until the flow pages land: what OAuth Lab does today and how to reach it. */
export function App() {
  const endpoints = Object.values(SEED.endpoints);
  return (
    <main className="home">
      <h1>OAuth Lab</h1>
      <p>Explore and debug OAuth 1.0a and OAuth 2 flows. The protocol core and the command line are ready; the step-by-step flow pages come next.</p>
      <h2>Try it from a terminal</h2>
      <pre>npm run oauth-lab -- sign --url https://api.example.com/me --consumer-key KEY --consumer-secret SECRET</pre>
      <h2>The service's authorization endpoints</h2>
      <table>
        <thead>
          <tr><th scope="col">Protocol</th><th scope="col">Step</th><th scope="col">Method</th><th scope="col">Path</th></tr>
        </thead>
        <tbody>
          {endpoints.map((e) => (
            <tr key={e.id}><td>{e.id.startsWith('oauth1') ? 'OAuth 1.0a' : 'OAuth 2'}</td><td>{e.title}</td><td>{e.method}</td><td><code>{e.path}</code></td></tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
