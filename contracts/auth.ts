import { z } from 'zod';
import { languageSchema } from './common';
import { MIN_PASSWORD } from './constants';

export const email = z.string().trim().toLowerCase().max(254).email();
/** 8-128 characters; longer ones are refused before hashing so nobody can make us scrypt 1 MB. */
export const newPassword = z.string().min(MIN_PASSWORD).max(128);
const givenPassword = z.string().min(1).max(128);
const personName = z.string().trim().max(100);
const code = z.string().trim().min(6).max(32);

export const PRIVACY_KEYS = [
  'view_profile',
  'view_skill',
  'view_availability',
  'view_personality',
] as const;
export const privacyAudience = z.enum(['everyone', 'workspace_members', 'only_me']);
export const privacyOptions = z.object(
  Object.fromEntries(PRIVACY_KEYS.map((k) => [k, privacyAudience])) as Record<
    (typeof PRIVACY_KEYS)[number],
    typeof privacyAudience
  >,
);

/** Spec 3 "Authenticated user". */
export const currentUser = z.object({
  id: z.number(),
  public_id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  role: z.enum(['user', 'supervisor']),
  is_deleted: z.boolean(),
  is_deactivated: z.boolean(),
  is_verified: z.boolean(),
  language: languageSchema,
  timezone: z.string(),
  avatar_url: z.string().nullable(),
  bio: z.string().nullable(),
  privacy_accepted_at: z.string().nullable(),
  profile_completion_percent: z.number().int().min(0).max(100),
  preferences: z.record(z.string(), z.unknown()),
  privacy_options: privacyOptions,
  notification_settings: z.record(z.string(), z.boolean()),
  social_media: z.record(z.string(), z.string()),
  two_factor_enabled: z.boolean(),
  has_password: z.boolean(),
  created_at: z.string(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const TOUR_NAMES = [
  'assessment',
  'objective',
  'task',
  'profile',
  'team-assistant',
  'teams',
  'workspace-my-profile',
  'workspaces',
  'dashboard',
  'workspace-tabs',
  'workspace-people',
  'workspace-team-formation',
  'workspace-my-work',
  'workspace-create',
  'workspace-create-success',
  'assessment-mobile',
  'objective-mobile',
  'task-mobile',
  'workspaces-mobile',
  'dashboard-mobile',
  'workspace-tabs-mobile',
] as const;
export const tourName = z.enum(TOUR_NAMES);
export const tourState = z
  .object({
    status: z.enum(['started', 'finished', 'skipped']),
    step: z.number().int().min(0).max(100).optional(),
  })
  .strict();
export const tours = z.record(z.string(), tourState.nullable());
export const saveTourBody = z.object({ name: tourName, state: tourState });

/**
 * Spec 3 "Sign-in result". When a second factor is needed there is no user yet: the client
 * gets a short-lived `login_token` for login-2fa (or login-with-enable, with the setup QR).
 */
export const signInResult = z.object({
  user: currentUser.nullable(),
  tours: tours.nullable(),
  profile_completion_percent: z.number().int().nullable(),
  redirectToEnable: z.boolean(),
  two_factor_required: z.boolean(),
  login_token: z.string().optional(),
  otpauth_url: z.string().optional(),
  qr_code: z.string().optional(),
});
export type SignInResult = z.infer<typeof signInResult>;

export const signUpBody = z.object({
  email,
  password: newPassword,
  first_name: personName.optional(),
  last_name: personName.optional(),
  language: languageSchema.optional(),
  timezone: z.string().max(64).optional(),
  accept_privacy: z.boolean().optional(),
  /** An invitation token from a workspace invite link (see the workspaces module). */
  invite_token: z.string().max(200).optional(),
});
export const signUpResult = z.object({
  email: z.string(),
  verification_required: z.boolean(),
  /** The workspace an invitation token joined the new account to. */
  workspace_id: z.number().optional(),
});

export const loginBody = z.object({ email, password: givenPassword });
export const secondFactorBody = z.object({ login_token: z.string().min(10).max(200), code });
export const emailBody = z.object({ email });
export const resetPasswordBody = z.object({
  token: z.string().min(10).max(200),
  password: newPassword,
  password_confirmation: z.string().max(128).optional(),
});
export const tokenParam = z.object({ token: z.string().min(1).max(200) });
export const verifyEmailParam = z.object({ x: z.string().min(1).max(200) });

export const oidcProvider = z.object({ id: z.string(), name: z.string() });
export const oidcRedirect = z.object({ url: z.string() });
export const callbackToLoginBody = z.object({
  code: z.string().min(1).max(2000),
  state: z.string().min(1).max(200),
  /** RFC 9207: the issuer the provider names in its answer, passed on as received. */
  iss: z.string().max(500).optional(),
});

export const OTP_PURPOSES = ['verify_email', 'sign_in'] as const;
export const otpRequestBody = z.object({ email, purpose: z.enum(OTP_PURPOSES) });
export const otpVerifyBody = otpRequestBody.extend({ code: z.string().trim().length(6) });
