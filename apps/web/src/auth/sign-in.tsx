import { useId, useState } from 'preact/hooks';
import { ApiError, createApi } from '../api/client.ts';
import { Segmented } from '../components/segmented.tsx';
import { type Credentials, cleanPasted } from './credentials.ts';
import { useSession } from './session.tsx';

const KINDS = [
  ['bearer', 'API token'],
  ['keys', 'Key pair'],
] as const;

/** The call that proves credentials: cheap, authenticated, and read-only. */
export const CHECK_PATH = '/api/public/metrics/names';

/**
 * Sign in with the API token or the key pair printed when the service starts. The credentials
 * are checked against the service before they are kept, so a wrong one is reported here.
 */
export function SignIn(props: { fetch?: typeof fetch }) {
  const { signIn, notice, signedOutKind } = useSession();
  // Signed out (a revoked key, Sign out): the form offers the kind of credentials used before.
  const [kind, setKind] = useState<Credentials['kind']>(signedOutKind ?? 'bearer');
  const [token, setToken] = useState('');
  const [publicKey, setPublicKey] = useState('');
  const [secretKey, setSecretKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: Event) => {
    e.preventDefault();
    const candidate: Credentials =
      kind === 'bearer'
        ? { kind, token: cleanPasted(token) }
        : { kind, publicKey: cleanPasted(publicKey), secretKey: cleanPasted(secretKey) };
    if (candidate.kind === 'bearer' ? !candidate.token : !candidate.publicKey || !candidate.secretKey) {
      setError(kind === 'bearer' ? 'Paste the API token.' : 'Paste both the public and the secret key.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await createApi(candidate, { fetch: props.fetch }).get(CHECK_PATH);
      signIn(candidate);
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 401
          ? kind === 'bearer'
            ? 'The service refused this token. Use the API_BEARER_TOKEN printed when the service started (also in data/credentials.json).'
            : 'The service refused this key pair. Use the PUBLIC_KEY and SECRET_KEY printed when the service started.'
          : (err as Error).message,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <main class="sign-in">
      <form class="card" onSubmit={submit} aria-label="Sign in">
        <h1>Sign in to spanhouse</h1>
        {notice && <p class="notice">{notice}</p>}
        <Segmented options={KINDS} value={kind} onChange={setKind} />
        {kind === 'bearer' ? (
          <Field label="API token" name="token" secret placeholder="sh_…" value={token} onInput={setToken} />
        ) : (
          <>
            <Field label="Public key" name="publicKey" placeholder="pk-sh-…" value={publicKey} onInput={setPublicKey} />
            <Field
              label="Secret key"
              name="secretKey"
              secret
              placeholder="sk-sh-…"
              value={secretKey}
              onInput={setSecretKey}
            />
          </>
        )}
        {error && (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button class="primary" type="submit" disabled={busy}>
          {busy ? 'Checking…' : 'Sign in'}
        </button>
        <p class="hint">
          <code>pnpm start</code> prints <code>API_BEARER_TOKEN=…</code> when it starts; paste the value (or the whole
          line). Kept for this browser tab's session only.
        </p>
      </form>
    </main>
  );
}

function Field(props: {
  label: string;
  name: string;
  value: string;
  onInput: (v: string) => void;
  placeholder: string;
  secret?: boolean;
}) {
  const input = {
    name: props.name,
    autoComplete: 'off',
    placeholder: props.placeholder,
    value: props.value,
    onInput: (e: { currentTarget: HTMLInputElement }) => props.onInput(e.currentTarget.value),
  };
  const id = useId();
  return (
    <div class="field">
      <label htmlFor={id}>{props.label}</label>
      {props.secret ? <input id={id} type="password" {...input} /> : <input id={id} type="text" {...input} />}
    </div>
  );
}
