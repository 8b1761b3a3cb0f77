import { useCallback, useEffect, useRef, useState } from 'react';

export interface SubmissionHandlers<Output> {
  onSuccess?: (output: Output) => void;
  onError?: (error: unknown) => void;
}

/**
 * One request at a time with its pending state: the part of React Query's useMutation the
 * pre-rendered auth pages use, without loading React Query on them (docs/decisions/070). The
 * handlers do not run after the component has gone.
 */
export function useSubmission<Input, Output>(send: (input: Input) => Promise<Output>) {
  const [isPending, setPending] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutate = useCallback(
    (input: Input, handlers: SubmissionHandlers<Output> = {}) => {
      setPending(true);
      send(input).then(
        (output) => {
          if (!mounted.current) return;
          setPending(false);
          handlers.onSuccess?.(output);
        },
        (error: unknown) => {
          if (!mounted.current) return;
          setPending(false);
          handlers.onError?.(error);
        },
      );
    },
    [send],
  );

  return { mutate, isPending };
}
