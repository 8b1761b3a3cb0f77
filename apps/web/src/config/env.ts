// The only module that reads build-time environment values.
const rawApiUrl = import.meta.env.VITE_API_URL?.trim() ?? '';

export const env = Object.freeze({
  /** '' means the API is on the same origin (production) or proxied by the dev server. */
  apiBaseUrl: rawApiUrl.replace(/\/+$/, ''),
});
