import { z } from 'zod';

// Staff's second factor (docs/decisions/0050): a code from an authenticator app (TOTP) or a recovery code.
// Back-office only, so its texts are English (the back-office is not translated).

export const RECOVERY_CODE_COUNT = 10;

/** A 6-digit code (spaces allowed, as apps show "123 456") or a recovery code ("ABCDE-FGHJK"). */
export const secondFactorCodeSchema = z.object({
  code: z
    .string({ message: 'Code is required' })
    .trim()
    .min(1, 'Code is required')
    .max(20, 'Enter the 6-digit code or a recovery code'),
});
export type SecondFactorCodeInput = z.infer<typeof secondFactorCodeSchema>;

/** POST /v1/auth/login/code: the code, and the challenge the password step answered. */
export const loginCodeSchema = secondFactorCodeSchema.extend({
  challenge: z.string({ message: 'Please log in again.' }).min(20).max(100),
});
export type LoginCodeInput = z.infer<typeof loginCodeSchema>;

/** The password step's answer for an account with a second factor: no session yet, a code is needed. */
export const loginChallengeSchema = z.object({ second_factor: z.literal('code'), challenge: z.string() });
export type LoginChallenge = z.infer<typeof loginChallengeSchema>;

/** GET /admin/account/second-factor: whether the signed-in staff member has one, and must. */
export const secondFactorStatusSchema = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** POST /admin/account/second-factor: a new secret to scan (QR as SVG) or type, not yet in force. */
export const secondFactorSetupSchema = z.object({ secret: z.string(), otpauth_url: z.string(), qr_svg: z.string() });
export type SecondFactorSetup = z.infer<typeof secondFactorSetupSchema>;

/** POST /admin/account/second-factor/confirm: the recovery codes, shown this once. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const SECOND_FACTOR_SETUP_NEEDED = 'Set up two-step login on your account page first.';

/** Wrong codes in a row, over any number of logins, that lock a second factor (docs/decisions/0085). */
export const MAX_WRONG_CODES = 10;
/** The answer (423) to any code while the second factor is locked, the right one included. */
export const SECOND_FACTOR_LOCKED =
  'Two-step login is locked after 10 wrong codes. Open the link we emailed you to unlock it, or ask an Admin.';
export const UNLOCK_LINK_INVALID =
  'This unlock link is not valid: it was used already or has expired. Ask an Admin to unlock your two-step login.';
