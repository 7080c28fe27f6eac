// The user data of a signup or forgot-password flow, kept in sessionStorage so that a reload of
// /verify or /reset still knows the e-mail and where to go. The password is never kept.

const FLOW_KEY = 'bahi_verify_user';

/** `purpose` 'signup': a new code asked for an unverified sign-up (from sign-in or /verify). */
type FlowUser = { email: string; name?: string; phone?: string; purpose?: 'signup' };

export function saveFlowUser(user: FlowUser): void {
  sessionStorage.setItem(FLOW_KEY, JSON.stringify(user));
}

export function readFlowUser(): FlowUser | null {
  try {
    const raw = sessionStorage.getItem(FLOW_KEY);
    const user = raw ? (JSON.parse(raw) as FlowUser) : null;
    return user && typeof user.email === 'string' ? user : null;
  } catch {
    return null;
  }
}

export function clearFlowUser(): void {
  sessionStorage.removeItem(FLOW_KEY);
  sessionStorage.removeItem(RESET_KEY);
}

// The single-use token verify-otp answers for a reset code: /reset sends it with the new password.
const RESET_KEY = 'bahi_reset_token';

export function saveResetToken(token: string | undefined): void {
  if (token) sessionStorage.setItem(RESET_KEY, token);
  else sessionStorage.removeItem(RESET_KEY);
}

export function readResetToken(): string {
  return sessionStorage.getItem(RESET_KEY) ?? '';
}

/**
 * A flow that started from signup carries a name; it ends at /login, the forgot-password flow at
 * /reset. The server's answer says which code it was (`purpose`): it decides when given.
 */
export const afterVerify = (user: FlowUser | null, purpose?: 'signup' | 'reset'): '/login' | '/reset' =>
  purpose ? (purpose === 'signup' ? '/login' : '/reset') : user?.name || user?.purpose ? '/login' : '/reset';
