import {
  ProfileAnswer,
  TokenAnswer,
  type ForgotPasswordRequest,
  type ResetPasswordRequest,
  type SignUpRequest,
  type VerifyOtpRequest,
} from '@bahi/contract';
import { api } from './client.ts';

// The account calls of spec section 7.

export const signUp = (body: SignUpRequest) => api('/auth/signUp', { body: { json: body } });

/** Resend: the server reads the e-mail from the user data kept since signup or forgot-password. */
export const sendOtp = (user: { email: string; name?: string; phone?: string }) =>
  api('/verification/send-otp', { body: { json: user } });

export const verifyOtp = (body: VerifyOtpRequest) =>
  api('/verification/verfiy-otp', { body: { json: body } });

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
