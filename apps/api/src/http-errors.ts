/**
 * Errors a caller can fix. Throw these from services; the app's error handler answers with the status and
 * `{error}` (or `{errors: [...]}` for form validation, as the spec's client reads it). Anything else is a
 * 5xx that is logged and answered with a generic message.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: string[],
    readonly headers?: Record<string, string>,
    /** What went wrong underneath (logged with a 5xx, never sent). */
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "HttpError";
  }
}

/** 400 with the list of validation messages the spec's forms show one per line. */
export const validationFailed = (errors: string[]) => new HttpError(400, errors.join("; "), errors);
export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
