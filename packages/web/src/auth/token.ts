// The access token lives in localStorage as `access_token` (spec section 3). The web app only
// decodes it to read claims; the server verifies the signature on every call.

export const TOKEN_KEY = 'access_token';
const PROFILE_KEY = 'personal_info';
const PROFILE_TIME_KEY = 'user_info_time';

export type Claims = {
  name?: string;
  email?: string;
  phone?: string | null;
  role?: string;
  exp?: number;
  page_left?: number;
  sub?: string;
};

/** The token's payload, or null when it is not a decodable JWT. No signature check. */
export function decodeClaims(token: string): Claims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const b64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Claims) : null;
  } catch {
    return null;
  }
}

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** Valid = present, decodable and its `exp` (seconds since the epoch) is still in the future. */
export function isTokenValid(token: string | null | undefined, now: number = nowSeconds()): boolean {
  if (!token) return false;
  const claims = decodeClaims(token);
  return claims !== null && typeof claims.exp === 'number' && claims.exp > now;
}

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** Runs `listener` whenever the token changes (here or in another tab). */
export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || e.key === TOKEN_KEY) notify();
  });
}

export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeToken(token: string): void {
  lastClear = null;
  localStorage.setItem(TOKEN_KEY, token);
  notify();
}

/** Where the Create Vouchers screen keeps each user's draft (vouchers/storage.ts). */
export const VOUCHER_DRAFT_PREFIX = 'bahi.voucherDraft.';

type ClearReason = 'logout' | 'invalid';
let lastClear: ClearReason | null = null;

/** Why the token was last removed in this tab ('logout': the user asked), null after a login. */
export const lastClearReason = (): ClearReason | null => lastClear;

/** Removes the token and the cached profile (logout, or a token found invalid). */
export function clearToken(reason: ClearReason = 'invalid'): void {
  lastClear = reason;
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(PROFILE_KEY);
  localStorage.removeItem(PROFILE_TIME_KEY);
  // Signing out leaves nothing of the user's work in this browser: the voucher drafts go too
  // (issue 33). An expired token keeps them, for the same user signing in again.
  if (reason === 'logout') {
    const drafts = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter(
      (k): k is string => k?.startsWith(VOUCHER_DRAFT_PREFIX) ?? false,
    );
    for (const k of drafts) localStorage.removeItem(k);
  }
  notify();
}

/** The stored token if valid; an invalid one is removed on the way. */
export function validToken(now: number = nowSeconds()): string | null {
  const token = readToken();
  if (token === null) return null;
  if (isTokenValid(token, now)) return token;
  clearToken();
  return null;
}

export function cacheProfile(profile: unknown): void {
  localStorage.setItem(PROFILE_KEY, JSON.stringify(profile));
  localStorage.setItem(PROFILE_TIME_KEY, String(Date.now()));
}
