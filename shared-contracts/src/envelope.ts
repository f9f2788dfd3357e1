/** Every answer of the product API and the account service has this shape; code 0 is success. */
export interface ApiEnvelope<T = unknown> {
  code: number;
  msg: string;
  /** some older callers read `message`; the server fills both */
  message?: string;
  data: T;
  trace_id: string;
}

/** Codes the product gives meaning to. Any other non-zero code is a plain failure. */
export const API_CODES = {
  OK: 0,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  /** the session is no longer valid: the client clears its user info */
  SESSION_INVALID: 140013,
  INSUFFICIENT_CREDITS: 140020,
  DAILY_LIMIT: 140021,
  STORAGE_FULL: 140022,
  UNSUPPORTED_FORMAT: 140030,
  UNSUPPORTED_RESOLUTION: 140031,
  UPLOAD_FAILED: 140032,
  FILE_TOO_LARGE: 140033,
  NO_FACE: 140034,
  NON_COMPLIANT: 140035,
  CHECKIN_UNAVAILABLE: 140040,
  LOGIN_RATE_LIMITED: 140050,
  INVALID_CREDENTIALS: 140051,
  EMAIL_TAKEN: 140052,
} as const;

export type ApiCode = (typeof API_CODES)[keyof typeof API_CODES];
