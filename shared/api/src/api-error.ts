/** Every failed call surfaces as this: the server's message (else the status text), status and correlation id. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly correlation_id: string;
  readonly data: unknown;
  /** The user the server answered for, when it says (a 403 for another user means the session changed). */
  readonly id_user: number | undefined;

  constructor(options: { message: string; status: number; correlation_id: string; data?: unknown; cause?: unknown }) {
    super(options.message, { cause: options.cause });
    this.status = options.status;
    this.correlation_id = options.correlation_id;
    this.data = options.data;
    const idUser = (options.data as { id_user?: unknown } | null | undefined)?.id_user;
    this.id_user = typeof idUser === 'number' ? idUser : undefined;
  }
}

/** A call refused before any request is made, because a required parameter is missing. */
export class MissingParamsError extends Error {
  override name = 'MissingParamsError';
}

export const serverMessage = (data: unknown): string | undefined => {
  const message = (data as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
};
