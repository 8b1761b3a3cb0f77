import { ApiError, NETWORK_ERROR_STATUS } from '../../lib/api-client';

/**
 * What a failed read says: the server's words for a 403 (the role may not, or TOTP is not set
 * up yet), the client's text for a lost connection, else `fallback`.
 */
export function loadFailureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return error.serverMessage ?? 'Your role does not allow this.';
    if (error.status === NETWORK_ERROR_STATUS) return error.message;
  }
  return fallback;
}

/**
 * What a failed action says: the server's own words for a 4xx ('This request is already
 * completed', 'Client not found'), the client's text for a lost connection, else `fallback`.
 */
export function actionFailureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === NETWORK_ERROR_STATUS) return error.message;
    if (error.status >= 400 && error.status < 500 && error.serverMessage)
      return error.serverMessage;
  }
  return fallback;
}
