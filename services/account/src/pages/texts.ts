/**
 * The pages' texts. The login locale map covers LOGIN_LOCALES, but only English is written (spec section 9:
 * only en is active), so every other language falls back to English and the page says lang="en".
 */
import { DEFAULT_LOCALE, LOGIN_LOCALES } from 'shared-contracts';

export const EN = {
  loginTitle: 'Log in',
  loginSub: 'Welcome back. Log in to keep creating.',
  registerTitle: 'Create your account',
  registerSub: 'Sign up to start creating video, images and music with AI.',
  email: 'E-mail',
  password: 'Password',
  newPassword: 'New password',
  currentPassword: 'Current password',
  confirmPassword: 'Repeat the new password',
  passwordHint: 'At least 8 characters.',
  displayName: 'Display name',
  firstname: 'First name',
  lastname: 'Last name',
  optional: '(optional)',
  country: 'Country or region',
  chooseCountry: 'Choose a country',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  loginButton: 'Log in',
  loginBusy: 'Logging in…',
  registerButton: 'Create account',
  registerBusy: 'Creating your account…',
  noAccount: "Don't have an account?",
  signUp: 'Sign up',
  haveAccount: 'Already have an account?',
  logIn: 'Log in',
  // errors
  emailRequired: 'Enter your e-mail address.',
  emailInvalid: 'Enter a valid e-mail address, like name@example.com.',
  passwordRequired: 'Enter your password.',
  passwordShort: 'The password must be at least 8 characters.',
  passwordLong: 'The password must be at most 200 characters.',
  nameLong: 'Names can be at most 50 characters.',
  countryInvalid: 'Choose a country from the list.',
  wrongCredentials: 'The e-mail or password is incorrect.',
  emailTaken: 'An account with this e-mail already exists. Log in instead.',
  tooManyAttempts: (minutes: number) =>
    `Too many attempts. For your security, please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  formExpired: 'This form could not be verified. Reload the page and try again.',
  logoutRefused: 'This sign-out link came from another site, so you are still signed in. Sign out from the product or the account center.',
  fixErrors: 'Please correct the highlighted fields.',
  // completion and other pages
  doneTitle: "You're signed in",
  doneFrame: (product: string) => `Returning to ${product}…`,
  doneNoHost: 'You are signed in. You can close this window now.',
  errorTitle: "This sign-in link can't be used",
  errorHelp: 'Close this window and start the sign-in again from the app. If it keeps happening, contact support.',
  loggedOutTitle: "You've been signed out",
  loggedOutText: 'Your account session has ended.',
  signedOutFrame: 'Signed out.',
  loginRequired: 'You are not signed in.',
  // account center
  centerTitle: 'Your account',
  centerSub: 'Change your display name, avatar and password.',
  profileSection: 'Display name',
  avatarSection: 'Avatar',
  avatarUpload: 'Upload an image',
  avatarUploadHint: 'PNG, JPEG, GIF or WebP, up to 2 MB.',
  avatarUrl: 'Or use an image address (URL)',
  avatarUrlInvalid: 'Enter an address starting with https:// or http://.',
  avatarTooLarge: 'The image is larger than 2 MB.',
  avatarNotImage: 'That file is not a PNG, JPEG, GIF or WebP image.',
  avatarMissing: 'Choose an image to upload.',
  passwordSection: 'Password',
  save: 'Save',
  upload: 'Upload',
  useUrl: 'Use this address',
  removeAvatar: 'Remove avatar',
  changePassword: 'Change password',
  signOut: 'Sign out',
  savedProfile: 'Your display name was saved.',
  savedAvatar: 'Your avatar was updated.',
  removedAvatar: 'Your avatar was removed.',
  savedPassword: 'Your password was changed. Other sessions were signed out.',
  currentPasswordWrong: 'The current password is incorrect.',
  passwordsDiffer: 'The two new passwords do not match.',
  signedInAs: 'Signed in as',
} as const;

export type Texts = typeof EN;

export type LoginLocale = (typeof LOGIN_LOCALES)[number];

/** The requested language if it is a login locale, else the default; and the texts (English for all). */
export function textsFor(lang: unknown): { requested: LoginLocale; lang: string; t: Texts } {
  const value = typeof lang === 'string' ? lang.toLowerCase().slice(0, 2) : '';
  const requested = (LOGIN_LOCALES as readonly string[]).includes(value) ? (value as LoginLocale) : (DEFAULT_LOCALE as LoginLocale);
  return { requested, lang: 'en', t: EN };
}
