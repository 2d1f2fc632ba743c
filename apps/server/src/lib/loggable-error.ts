/** The fields of a PostgreSQL error that say where it happened, never what was in it. */
interface DatabaseError {
  code: string;
  routine?: string;
  table?: string;
  column?: string;
  constraint?: string;
}

const isDatabaseError = (value: unknown): value is Error & DatabaseError => {
  const code = value instanceof Error ? (value as { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
};

/** What the logger writes of an error (the shape pino's own serializer answers). */
interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * An error as the log keeps it (the logger's `err` serializer): its type, the stack's frames and, for a
 * database failure, the SQL text with its placeholders and the error's code and place. Never a query's
 * values, the database's message or its detail, which can hold the request's data: DESIGN 5, no patient
 * data in logs.
 */
export function loggableError(error: unknown): LoggedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: 'A value that is not an Error was thrown', stack: '' };
  }
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
  const query = (error as { query?: unknown }).query;
  const database = isDatabaseError(error) ? error : isDatabaseError(error.cause) ? error.cause : undefined;
  if (typeof query !== 'string' && !database) {
    return {
      type: error.name,
      message: error.message,
      stack: frames,
      ...(error.cause === undefined ? {} : { cause: loggableError(error.cause) }),
    };
  }
  return {
    type: error.name,
    message: 'A database query failed',
    stack: frames,
    ...(typeof query === 'string' ? { query } : {}),
    ...(database
      ? {
          database: {
            code: database.code,
            routine: database.routine,
            table: database.table,
            column: database.column,
            constraint: database.constraint,
          },
        }
      : {}),
  };
}
