import type { DocumentContentType } from '@brokerdesk/shared';
import { useEffect, useState } from 'react';
import type { SessionKind } from '../../../lib/auth-tokens';
import { binaryRequest } from '../../../lib/api-client';

/**
 * A document's file as a Blob of its stored type. The file calls need the session's token in a
 * header, so a plain <img src> or link cannot fetch them: the page fetches and shows a blob: URL.
 */
export async function getDocumentFile(
  path: string,
  {
    auth,
    contentType,
    signal,
  }: { auth: SessionKind; contentType: DocumentContentType; signal?: AbortSignal },
): Promise<Blob> {
  const response = await binaryRequest(path, { auth, signal });
  // The type is the one the server sniffed and stored (one of three), not a guess.
  return new Blob([await response.arrayBuffer()], { type: contentType });
}

export type DocumentFileState =
  { status: 'loading' } | { status: 'ready'; url: string } | { status: 'error'; error: unknown };

/**
 * Fetches the file at `path` and holds an object URL for it while the component is mounted; the
 * URL is revoked when the path changes or the component goes away. `reload` asks again.
 */
export function useDocumentFileUrl(
  path: string,
  auth: SessionKind,
  contentType: DocumentContentType,
): { state: DocumentFileState; reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  // The answer is kept with the request it answers: a new path (or Try again) reads as loading
  // until its own answer arrives, without resetting state inside the effect.
  const request = `${auth} ${contentType} ${path} ${attempt}`;
  const [answer, setAnswer] = useState<{ request: string; state: DocumentFileState } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    getDocumentFile(path, { auth, contentType, signal: controller.signal }).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setAnswer({ request, state: { status: 'ready', url } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setAnswer({ request, state: { status: 'error', error } });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path, auth, contentType, request]);

  return {
    state: answer?.request === request ? answer.state : { status: 'loading' },
    reload: () => setAttempt((count) => count + 1),
  };
}
