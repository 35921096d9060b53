import { type ComponentChildren, createContext } from 'preact';
import { useCallback, useContext, useMemo, useState } from 'preact/hooks';
import { type Api, createApi } from '../api/client.ts';
import { type Credentials, clearCredentials, loadCredentials, saveCredentials } from './credentials.ts';

export type Session = {
  credentials: Credentials | null;
  api: Api | null;
  /** Why the user was signed out, shown on the sign-in form. */
  notice: string | null;
  signIn: (c: Credentials) => void;
  signOut: (notice?: string) => void;
};

const SessionContext = createContext<Session | null>(null);

/** Holds the signed-in credentials (sessionStorage) and the API client built from them. */
export function SessionProvider(props: { children: ComponentChildren; storage?: Storage }) {
  const storage = props.storage ?? sessionStorage;
  const [credentials, setCredentials] = useState<Credentials | null>(() => loadCredentials(storage));
  const [notice, setNotice] = useState<string | null>(null);

  const signOut = useCallback(
    (why?: string) => {
      clearCredentials(storage);
      setCredentials(null);
      setNotice(why ?? null);
    },
    [storage],
  );
  const signIn = useCallback(
    (c: Credentials) => {
      saveCredentials(c, storage);
      setCredentials(c);
      setNotice(null);
    },
    [storage],
  );
  const api = useMemo(
    () =>
      credentials
        ? createApi(credentials, {
            onUnauthorized: () => signOut('The service no longer accepts these credentials (401). Sign in again.'),
          })
        : null,
    [credentials, signOut],
  );
  const value = useMemo(
    () => ({ credentials, api, notice, signIn, signOut }),
    [credentials, api, notice, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{props.children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}

/** The API client of a signed-in page (pages only render once signed in). */
export function useApi(): Api {
  const { api } = useSession();
  if (!api) throw new Error('useApi while signed out');
  return api;
}
