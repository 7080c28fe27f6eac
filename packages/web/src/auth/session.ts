import { useSyncExternalStore } from 'react';
import { type Claims, decodeClaims, isTokenValid, readToken, subscribeToken } from './token.ts';

export type Session = { token: string; claims: Claims } | null;

// useSyncExternalStore needs a stable snapshot: the same object while the token is unchanged and valid.
let last: { token: string | null; session: Session } = { token: null, session: null };

/** The current session, without side effects (invalid tokens are removed by validToken on load). */
export function currentSession(): Session {
  const token = readToken();
  if (!isTokenValid(token)) return null;
  if (token !== last.token || last.session === null) {
    last = { token, session: { token: token as string, claims: decodeClaims(token as string) ?? {} } };
  }
  return last.session;
}

/** The signed-in user's token and claims, or null; re-renders on login and logout. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeToken, currentSession, () => null);
}
