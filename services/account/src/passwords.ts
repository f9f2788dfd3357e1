/** The one rule for a new password: at sign-up, on a change in the account center and on a reset. */
import type { Texts } from './pages/texts.js';

const PASSWORD_MIN = 8;
const PASSWORD_MAX = 200;

export function newPasswordProblem(password: string, t: Texts): string | null {
  if (!password) return t.passwordRequired;
  if (password.length < PASSWORD_MIN) return t.passwordShort;
  if (password.length > PASSWORD_MAX) return t.passwordLong;
  return null;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailProblem(email: string, t: Texts): string | null {
  if (!email) return t.emailRequired;
  if (!EMAIL_PATTERN.test(email) || email.length > 254) return t.emailInvalid;
  return null;
}
