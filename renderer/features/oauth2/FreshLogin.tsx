import { useState } from 'react';
import { PROMPTS, type Prompt } from '../../../shared/oidc/login-options';
import { useOAuth2 } from '../../app/stores';

const SAYS: Readonly<Record<Prompt, string>> = {
  login: 'log in again (another user)',
  select_account: 'choose an account',
  consent: 'approve again',
  none: 'show no page',
};

/**
 * prompt and max_age on the authorization request (OIDC Core §3.1.2.1), with why they matter: the browser keeps the
 * user's session at the provider, so opening the page again usually logs the same user straight back in.
 */
export function FreshLogin() {
  const login = useOAuth2((s) => s.flow?.config.login);
  const set = useOAuth2((s) => s.loginOptionsSet);
  const [maxAge, setMaxAge] = useState(login?.maxAge == null ? '' : String(login.maxAge));
  const [problem, setProblem] = useState<string | null>(null);
  const prompt = login?.prompt ?? [];
  const toggle = (p: Prompt, on: boolean) => {
    // none stands alone (§3.1.2.1): choosing it clears the others, choosing another clears it.
    const next = on ? (p === 'none' ? ['none' as const] : [...prompt.filter((x) => x !== 'none'), p]) : prompt;
    setProblem(set({ ...login, prompt: on ? next : prompt.filter((x) => x !== p) }));
  };
  const ageEdited = (text: string) => {
    setMaxAge(text);
    if (text.trim() !== '' && !/^\d+$/.test(text.trim()))
      return setProblem(`max_age is "${text}"; expected a whole number of seconds, 0 or more (OIDC Core §3.1.2.1).`);
    setProblem(set({ ...login, maxAge: text.trim() === '' ? null : Number(text.trim()) }));
  };
  return (
    <details className="fresh-login">
      <summary>Fresh login: prompt, max_age{prompt.length || login?.maxAge != null ? ' (set)' : ''}</summary>
      <p className="muted small">
        Your browser keeps a session at the provider (a cookie), so opening this page again usually signs the same user
        in at once. <code>prompt=login</code> asks the provider to authenticate again (to test as another user),{' '}
        <code>select_account</code> to offer the account chooser, <code>consent</code> to ask for approval again, and{' '}
        <code>none</code> to show no page at all (the provider answers <code>login_required</code> if it would have to).{' '}
        <code>max_age</code> is the oldest login accepted, in seconds; the id_token's <code>auth_time</code> is checked
        against it on the OpenID Connect page. A private window starts with no session at all.
      </p>
      <div className="form-row">
        <fieldset className="prompt-choices">
          <legend>prompt</legend>
          {PROMPTS.map((p) => (
            <label key={p} className="check">
              <input type="checkbox" checked={prompt.includes(p)} onChange={(e) => toggle(p, e.target.checked)} />
              <code>{p}</code> <span className="muted small">{SAYS[p]}</span>
            </label>
          ))}
        </fieldset>
        <label>
          max_age (s)
          <input
            className="mono"
            inputMode="numeric"
            value={maxAge}
            placeholder="none"
            onChange={(e) => ageEdited(e.target.value)}
          />
        </label>
      </div>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
    </details>
  );
}
