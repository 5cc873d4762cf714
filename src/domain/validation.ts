/** Input rules of spec §5 as zod schemas: the client validates forms with them, the server every request. */
import './zodSetup.ts';
import { z } from 'zod';
import { LIMITS } from './constants.ts';
import { VALIDATION } from './messages.ts';

export const usernameSchema = z
  .string()
  .trim()
  .min(LIMITS.usernameMin, VALIDATION.usernameShort)
  .max(LIMITS.usernameMax, VALIDATION.usernameLong)
  .regex(/^[A-Za-z0-9_]+$/, VALIDATION.usernameChars);

export function isStrongPassword(value: string): boolean {
  return (
    value.length >= LIMITS.passwordMin &&
    /[A-Za-z]/.test(value) &&
    /\d/.test(value) &&
    /[^A-Za-z0-9\s]/.test(value)
  );
}

const passwordWith = (message: string) =>
  z.string().max(LIMITS.passwordMax, VALIDATION.passwordLong).refine(isStrongPassword, { message });

export const passwordSchema = passwordWith(VALIDATION.password);
export const resetPasswordSchema = passwordWith(VALIDATION.resetPassword);

/** Sign-in checks a password only against its hash: any non-empty string of sane length. */
export const anyPasswordSchema = z
  .string()
  .min(1, VALIDATION.required)
  .max(LIMITS.passwordMax, VALIDATION.passwordLong);

export const otpSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${LIMITS.otpLength}}$`), VALIDATION.otp);

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email(VALIDATION.invalidEmail));

export function isCollegeEmail(value: string, collegeDomain: string): boolean {
  return value.trim().toLowerCase().endsWith(`@${collegeDomain.toLowerCase()}`);
}

/** An address of the college domain, the only one that may sign up. */
export const collegeEmailSchema = (collegeDomain: string) =>
  emailSchema.refine((email) => isCollegeEmail(email, collegeDomain), { message: VALIDATION.collegeEmail });

export const userIdSchema = z.uuid('* userID must be a UUID');

export const signupBodySchema = (collegeDomain: string) =>
  z.object({ username: usernameSchema, email: collegeEmailSchema(collegeDomain), password: passwordSchema });

export const varifyOtpBodySchema = z.object({
  userID: userIdSchema.optional(),
  email: emailSchema,
  otp: otpSchema,
});

/** The spec's resend call carries the OTP field too; it is accepted and ignored. */
export const resendOtpBodySchema = z.object({
  userID: userIdSchema.optional(),
  email: emailSchema,
  otp: z.string().max(LIMITS.otpLength).optional(),
});

export const signinBodySchema = z.union(
  [
    z.object({ email: emailSchema, password: anyPasswordSchema }),
    z.object({ username: usernameSchema, password: anyPasswordSchema }),
  ],
  { error: VALIDATION.signinIdentity },
);

export const resetPassBodySchema = z.object({ email: emailSchema });

export const updatePassBodySchema = z.object({ userID: userIdSchema, password: resetPasswordSchema });

export const emailParamsSchema = z.object({ email: emailSchema });

export type SignupBody = z.infer<ReturnType<typeof signupBodySchema>>;
export type VarifyOtpBody = z.infer<typeof varifyOtpBodySchema>;
export type ResendOtpBody = z.infer<typeof resendOtpBodySchema>;
export type SigninBody = z.infer<typeof signinBodySchema>;
export type ResetPassBody = z.infer<typeof resetPassBodySchema>;
export type UpdatePassBody = z.infer<typeof updatePassBodySchema>;

type Issue = z.core.$ZodIssue;

/**
 * The issue to report: inside a union (sign-in by e-mail or by username) the option the input came
 * closest to, so a missing password is named as such; when no option is closer, the union's own message.
 */
function closestIssue(issue: Issue): Issue {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  const sizes = issue.errors.map((option) => option.length);
  const fewest = Math.min(...sizes);
  if (sizes.filter((size) => size === fewest).length > 1) return issue;
  const inner = issue.errors[sizes.indexOf(fewest)]?.[0];
  return inner ? closestIssue({ ...inner, path: [...issue.path, ...inner.path] }) : issue;
}

/** The message of a failed parse, the way the server's 400 `msg` shows it: `field: message`. */
export function issueMessage(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return VALIDATION.required;
  const issue = closestIssue(first);
  const field = issue.path.join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}
