/** Failure codes shared by server and web. The server maps each to one HTTP status in one place. */
export const errorStatus = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  INVALID_CREDENTIALS: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  SLUG_TAKEN: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  ACCOUNT_LOCKED: 423,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UPSTREAM_FAILED: 502,
} as const;

export type AppErrorCode = keyof typeof errorStatus;

export interface ErrorBody {
  message: string;
  code?: string;
  fields?: Record<string, string>;
}

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Seconds, sent as Retry-After for TOO_MANY_REQUESTS and ACCOUNT_LOCKED. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return errorStatus[this.code];
  }
}
