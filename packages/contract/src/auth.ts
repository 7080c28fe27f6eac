import { z } from 'zod';

// Requests and answers of the account calls of spec section 7 (paths under /api).

/** Indian mobile number: 10 digits; '+91', '91' or '0' in front and spaces or dashes are accepted. */
export const PhoneSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .transform((v) => v.replace(/^(\+91|91(?=\d{10}$)|0(?=\d{10}$))/, ''))
  .pipe(z.string().regex(/^\d{10}$/, 'Phone number must have 10 digits'));

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid e-mail address').max(254));

export const PasswordSchema = z
  .string()
  .min(8, 'Password must have at least 8 characters')
  .max(256, 'Password is too long');

export const NameSchema = z.string().trim().min(1, 'Name is required').max(100, 'Name is too long');

/** POST /auth/signUp */
export const SignUpRequest = z.object({
  name: NameSchema,
  email: EmailSchema,
  phone: PhoneSchema,
  password: PasswordSchema,
});
export type SignUpRequest = z.infer<typeof SignUpRequest>;

/** POST /verification/send-otp: the user data kept from signup or forgot-password; only email is read. */
export const SendOtpRequest = z.looseObject({ email: EmailSchema });
export type SendOtpRequest = z.infer<typeof SendOtpRequest>;

/** POST /verification/verfiy-otp */
export const VerifyOtpRequest = z.object({
  email: EmailSchema,
  otp: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'The code has 4 digits'),
});
export type VerifyOtpRequest = z.infer<typeof VerifyOtpRequest>;

export const OtpPurpose = z.enum(['signup', 'reset']);
export type OtpPurpose = z.infer<typeof OtpPurpose>;

export const VerifyOtpAnswer = z.object({
  ok: z.literal(true),
  purpose: OtpPurpose,
  /** Reset codes only: the single-use token reset-password requires (valid 10 minutes). */
  reset_token: z.string().optional(),
});
export type VerifyOtpAnswer = z.infer<typeof VerifyOtpAnswer>;

/** POST /auth/sign/token (form-encoded, OAuth2 password style). */
export const SignInRequest = z.object({
  username: EmailSchema,
  password: z.string().min(1, 'Password is required'),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

export const TokenAnswer = z.object({ access_token: z.string(), token_type: z.literal('bearer') });
export type TokenAnswer = z.infer<typeof TokenAnswer>;

/** POST /auth/google: the Google Identity Services credential (an ID token). */
export const GoogleSignInRequest = z.object({ token: z.string().min(1, 'token is required') });
export type GoogleSignInRequest = z.infer<typeof GoogleSignInRequest>;

/** POST /auth/forgot-password */
export const ForgotPasswordRequest = z.object({ email: EmailSchema });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

/** POST /auth/reset-password, with the reset token verify-otp answered for the reset code. */
export const ResetPasswordRequest = z.object({
  email: EmailSchema,
  new_password: PasswordSchema,
  reset_token: z.string().min(1, 'Verify the code sent to your e-mail first').max(200),
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const Role = z.enum(['user', 'admin']);
export type Role = z.infer<typeof Role>;

/** GET / and GET /auth/userprofile/get */
export const ProfileAnswer = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: Role,
  page_left: z.number().int(),
  created_at: z.string(),
});
export type ProfileAnswer = z.infer<typeof ProfileAnswer>;

/** GET /auth/check/pages: the balance and a fresh token carrying it. */
export const PagesAnswer = z.object({ page_left: z.number().int(), access_token: z.string() });
export type PagesAnswer = z.infer<typeof PagesAnswer>;

/** Claims of the access token (seconds since the epoch for iat and exp). */
export const TokenClaims = z.object({
  sub: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: Role,
  page_left: z.number().int(),
  iat: z.number(),
  exp: z.number(),
});
export type TokenClaims = z.infer<typeof TokenClaims>;

export const OkAnswer = z.object({ ok: z.literal(true) });
export type OkAnswer = z.infer<typeof OkAnswer>;
