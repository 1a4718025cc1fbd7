import { z } from 'zod';
import { currentUser, newPassword, privacyOptions } from './auth';
import { languageSchema } from './common';

export { currentUser };

const url = z.string().trim().max(300);

export const updateUserBody = z
  .object({
    first_name: z.string().trim().min(1).max(100),
    last_name: z.string().trim().max(100),
    language: languageSchema,
    bio: z.string().max(2000).nullable(),
    preferences: z.record(z.string().max(100), z.unknown()),
    notification_settings: z.record(z.string().max(100), z.boolean()),
    social_media: z.record(z.string().max(50), url),
    privacy_options: privacyOptions.partial(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to change' });

export const changePasswordBody = z.object({
  /** Accounts made through SSO have no password yet and may set one without it. */
  current_password: z.string().max(128).optional(),
  password: newPassword,
  password_confirmation: z.string().max(128).optional(),
});

export const timezoneBody = z.object({ timezone: z.string().min(1).max(64) });

/** In the body, never the query string: URLs end up in logs. */
export const deleteAccountBody = z.object({
  password: z.string().max(128).optional(),
  /** Accounts without a password confirm by typing their e-mail. */
  email: z.string().max(254).optional(),
});

export const userConfig = z.object({ key: z.string(), value: z.unknown() });
export const saveUserConfigBody = z.object({
  key: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[\w.:-]+$/),
  value: z.unknown(),
});

export const twoFactorBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('setup') }),
  z.object({ action: z.literal('enable'), code: z.string().trim().length(6) }),
  z.object({ action: z.literal('disable'), code: z.string().trim().min(6).max(32) }),
  z.object({ action: z.literal('recovery-codes'), code: z.string().trim().min(6).max(32) }),
]);
export const twoFactorResult = z.object({
  enabled: z.boolean(),
  otpauth_url: z.string().optional(),
  qr_code: z.string().optional(),
  secret: z.string().optional(),
  recovery_codes: z.array(z.string()).optional(),
});

export const timezoneEntry = z.object({
  name: z.string(),
  offset: z.string(),
  offset_minutes: z.number(),
});
export const similarTimezonesQuery = z.object({ timezone: z.string().min(1).max(64) });
