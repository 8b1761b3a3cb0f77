// Helpers for the back office's component tests: a signed-in staff member of a given role and
// file downloads. (The URLs the app fetched: fetchedUrls and lastQuery in fake-api.ts.)
import type { StaffRole } from '@brokerdesk/shared';
import { vi } from 'vitest';
import type { FakeApi } from './fake-api';

export const STAFF_TOKEN = 'staff-tok-1';

/** Stores an admin token and answers the profile call with `role`. */
export function signInAsStaff(api: FakeApi, role: StaffRole = 'owner'): void {
  window.localStorage.setItem('admin-token', STAFF_TOKEN);
  api.on('GET /api/adminDashboard/adminDashboard', {
    status: 200,
    body: { username: `${role}-1`, role, totpEnrolled: true, sessionScope: 'full' },
  });
}

/**
 * Answers `path` with `text` as text/csv (the fake answers JSON) and records what the browser
 * was asked to download: the file name and the file's content.
 */
export function captureCsvDownload(path: string, text: string) {
  const fakeFetch = globalThis.fetch;
  // Still a mock, so fetchedUrls() (fake-api.ts) keeps seeing every call.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const answer = await fakeFetch(input, init);
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== path) return answer;
      return new Response(text, { status: 200, headers: { 'content-type': 'text/csv' } });
    }),
  );
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:download';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  const clicked: HTMLAnchorElement[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push(this);
  });
  return { blobs, clicked };
}
