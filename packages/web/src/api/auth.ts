import {
  ProfileAnswer,
  TokenAnswer,
  type ForgotPasswordRequest,
  type ResetPasswordRequest,
  type SignUpRequest,
  type VerifyOtpAnswer,
  type VerifyOtpRequest,
} from '@bahi/contract';
import { readToken } from '../auth/token.ts';
import { API_BASE, api } from './client.ts';

// The account calls of spec section 7.

export const signUp = (body: SignUpRequest) => api('/auth/signUp', { body: { json: body } });

/** Resend: the server reads the e-mail from the user data kept since signup or forgot-password. */
export const sendOtp = (user: { email: string; name?: string; phone?: string }) =>
  api('/verification/send-otp', { body: { json: user } });

/** A reset code's answer carries `reset_token`, which reset-password requires. */
export const verifyOtp = (body: VerifyOtpRequest) =>
  api<VerifyOtpAnswer | undefined>('/verification/verfiy-otp', { body: { json: body } });

/** Form-encoded, OAuth2 password style. The answer may lack a token: the caller says 'Login failed'. */
export const signIn = (username: string, password: string) =>
  api('/auth/sign/token', { body: { form: { username, password } } }, TokenAnswer.partial());

export const googleSignIn = (token: string) =>
  api('/auth/google', { body: { json: { token } } }, TokenAnswer.partial());

export const forgotPassword = (body: ForgotPasswordRequest) =>
  api('/auth/forgot-password', { body: { json: body } });

export const resetPassword = (body: ResetPasswordRequest) =>
  api('/auth/reset-password', { body: { json: body } });

export const fetchProfile = () => api('/auth/userprofile/get', {}, ProfileAnswer);

/** Google client id: from the build (VITE_GOOGLE_CLIENT_ID) or the server; '' when Google sign-in is off. */
export async function googleClientId(): Promise<string> {
  const built = import.meta.env.VITE_GOOGLE_CLIENT_ID as string | undefined;
  if (built) return built;
  try {
    const cfg = await api<{ google_client_id?: string | null }>('/config');
    return cfg?.google_client_id ?? '';
  } catch {
    return '';
  }
}

/**
 * Ends this session on the server (its token is refused from now on). Sent with the token read
 * now, before the caller removes it; the answer is not awaited (logout must work offline too).
 */
export function serverLogout(): void {
  const token = readToken();
  if (!token) return;
  void fetch(`${API_BASE}/auth/logout`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    keepalive: true,
  }).catch(() => undefined);
}
