/**
 * An error the server answers with, in the envelope {"error":{"message","type","code"}}.
 * Thrown anywhere in the request pipeline and turned into a reply in one place.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  get envelope(): { error: { message: string; type: string; code: string } } {
    return { error: { message: this.message, type: this.type, code: this.code } };
  }
}

export const invalidRequest = (code: string, message: string): HttpError =>
  new HttpError(400, 'invalid_request_error', code, message);
