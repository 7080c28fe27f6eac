import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { decodeClaims, lastClearReason, readToken, validToken } from './token.ts';
import { useSession } from './session.ts';

/** Where the login page sends the user back to after signing in. */
export type LoginState = { from?: string };

/**
 * Guard of a group of routes: without a valid token the user goes to /login (which returns here
 * afterwards); with a role outside `roles` to /app/unauthorized.
 */
export function RequireAuth({ roles }: { roles?: readonly string[] }) {
  const session = useSession();
  const location = useLocation();
  const stored = readToken();
  const wasSignedIn = useRef(false);

  useEffect(() => {
    wasSignedIn.current = session !== null;
    // An expired or undecodable token is removed, as on load.
    if (stored !== null && session === null) validToken();
  }, [stored, session]);

  if (session === null && wasSignedIn.current && lastClearReason() === 'logout') {
    // The user logged out on this screen: home, not the login page.
    return <Navigate to="/app/home" replace />;
  }
  if (session === null || decodeClaims(session.token) === null) {
    const from = location.pathname + location.search + location.hash;
    return <Navigate to="/login" replace state={{ from } satisfies LoginState} />;
  }
  if (roles && !roles.includes(session.claims.role ?? '')) {
    return <Navigate to="/app/unauthorized" replace />;
  }
  return <Outlet />;
}
