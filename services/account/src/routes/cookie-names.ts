/** The account service's cookies. */
export const SESSION_COOKIE = 'studio_account_session';
export const CSRF_COOKIE = 'studio_account_csrf';
export const CHECK_COOKIE = 'studio_account_cookie_check';
