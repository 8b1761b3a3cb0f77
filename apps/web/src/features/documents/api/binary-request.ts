import { isErrorCode, type ErrorCode } from '@brokerdesk/shared';
import { env } from '../../../config/env';
import { ApiError, NETWORK_ERROR_STATUS } from '../../../lib/api-client';
import { expireSession, getToken, type SessionKind } from '../../../lib/auth-tokens';

const TOKEN_HEADERS: Record<SessionKind, string> = {
  user: 'user-token',
  admin: 'x-auth-token',
};

/**
 * apiRequest's sibling for what JSON cannot carry: a file as the request body (an upload) or as
 * the answer (a document to view). Same tokens, same `ApiError` from the `{message, code}` error
 * body, same end of session on a 401. Resolves with the successful Response, unread.
 */
export async function binaryRequest(
  path: string,
  {
    method = 'GET',
    auth,
    body,
    headers: extraHeaders = {},
    signal,
  }: {
    method?: 'GET' | 'POST';
    auth: SessionKind;
    body?: Blob;
    headers?: Record<string, string>;
    signal?: AbortSignal;
  },
): Promise<Response> {
  const headers = new Headers(extraHeaders);
  const token = getToken(auth);
  if (token) headers.set(TOKEN_HEADERS[auth], token);

  let response: Response;
  try {
    response = await fetch(`${env.apiBaseUrl}${path}`, {
      method,
      headers,
      body,
      signal,
      credentials: 'same-origin',
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: NETWORK_ERROR_STATUS });
  }
  if (response.ok) return response;

  const error = await errorOf(response);
  if (response.status === 401) expireSession(auth);
  throw error;
}

async function errorOf(response: Response): Promise<ApiError> {
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    data = undefined;
  }
  const fields = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const message = typeof fields.message === 'string' && fields.message ? fields.message : undefined;
  const code: ErrorCode | undefined = isErrorCode(fields.code) ? fields.code : undefined;
  return new ApiError({ status: response.status, code, serverMessage: message });
}
