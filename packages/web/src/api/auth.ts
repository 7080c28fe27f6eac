import {
  ENDPOINTS,
  type ForgotPasswordRequest,
  type ResetPasswordRequest,
  type SignUpRequest,
  type VerifyOtpRequest,
} from '@bahi/contract';
import { readToken } from '../auth/token.ts';
import { call } from './client.ts';
import { publicConfig } from './config.ts';

// The account calls of spec section 7, by the contract's endpoints.

export const signUp = (body: SignUpRequest) => call(ENDPOINTS.signUp, { json: body });

/** Resend: the server reads the e-mail from the user data kept since signup or forgot-password. */
export const sendOtp = (user: { email: string; name?: string; phone?: string }) =>
  call(ENDPOINTS.sendOtp, { json: user });

/** A reset code's answer carries `reset_token`, which reset-password requires. */
export const verifyOtp = (body: VerifyOtpRequest) => call(ENDPOINTS.verifyOtp, { json: body });

/** Form-encoded, OAuth2 password style. The answer may lack a token: the caller says 'Login failed'. */
export const signIn = (username: string, password: string) =>
  call(ENDPOINTS.signIn, { form: { username, password } });

export const googleSignIn = (token: string) => call(ENDPOINTS.googleSignIn, { json: { token } });

export const forgotPassword = (body: ForgotPasswordRequest) => call(ENDPOINTS.forgotPassword, { json: body });

export const resetPassword = (body: ResetPasswordRequest) => call(ENDPOINTS.resetPassword, { json: body });

export const fetchProfile = () => call(ENDPOINTS.profile);

/** Google client id: from the build (VITE_GOOGLE_CLIENT_ID) or the server; '' when Google sign-in is off. */
export async function googleClientId(): Promise<string> {
  const built = import.meta.env.VITE_GOOGLE_CLIENT_ID as string | undefined;
  if (built) return built;
  try {
    const cfg = await publicConfig();
    return cfg.google_client_id ?? '';
  } catch {
    return '';
  }
}

/**
 * Ends this session on the server (its token is refused from now on). Sent with the token read
 * now, before the caller removes it; the answer is not awaited (logout must work offline too).
 */
export function serverLogout(): void {
  if (!readToken()) return;
  // The client reads the token as it sends, before this function returns.
  void call(ENDPOINTS.logout, { keepalive: true }).catch(() => undefined);
}
