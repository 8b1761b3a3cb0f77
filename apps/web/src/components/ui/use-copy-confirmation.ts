import { useCallback, useEffect, useState } from 'react';

/** How long a "Copied" confirmation stays before the button reads "Copy" again. */
export const COPY_CONFIRMATION_MS = 2000;

/**
 * `copied` turns true on `confirm()` and back to false `durationMs` later; a new confirm
 * restarts the wait. The timer is cleared on unmount.
 */
export function useCopyConfirmation(durationMs = COPY_CONFIRMATION_MS) {
  // A counter rather than a boolean, so a second copy within the wait restarts it.
  const [confirmations, setConfirmations] = useState(0);

  useEffect(() => {
    if (confirmations === 0) return;
    const timer = setTimeout(() => setConfirmations(0), durationMs);
    return () => clearTimeout(timer);
  }, [confirmations, durationMs]);

  const confirm = useCallback(() => setConfirmations((count) => count + 1), []);

  return { copied: confirmations > 0, confirm };
}
