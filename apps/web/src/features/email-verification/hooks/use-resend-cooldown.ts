import { useEffect, useState, useSyncExternalStore } from 'react';

// One cooldown for every "Send a new link" button of the page (the portal's banner and a money
// form's notice can be on screen together): a link asked for in one disables the other too.
interface Cooldown {
  /** Epoch ms when another link may be asked for. */
  until: number;
  /** The length it started with, shown until the first tick. */
  seconds: number;
}

const NONE: Cooldown = { until: 0, seconds: 0 };
let current = NONE;
let expiry: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function publish(next: Cooldown): void {
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** No other link may be asked for during the next `seconds` (the server's cooldown). */
export function startResendCooldown(seconds: number): void {
  clearTimeout(expiry);
  const whole = Math.max(0, Math.ceil(seconds));
  if (whole === 0) {
    publish(NONE);
    return;
  }
  publish({ until: Date.now() + whole * 1000, seconds: whole });
  expiry = setTimeout(() => publish(NONE), whole * 1000);
}

/** Ends the cooldown (tests start each case without one). */
export function resetResendCooldown(): void {
  clearTimeout(expiry);
  publish(NONE);
}

function secondsUntil(until: number): number {
  return Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

/** Whole seconds until another link may be asked for; 0 when one may be asked for now. */
export function useResendCooldown(): number {
  const cooldown = useSyncExternalStore(
    subscribe,
    () => current,
    () => NONE,
  );
  const [tick, setTick] = useState<{ of: Cooldown; left: number } | null>(null);
  useEffect(() => {
    if (cooldown === NONE) return;
    const update = () => setTick({ of: cooldown, left: secondsUntil(cooldown.until) });
    const first = setTimeout(update, 0);
    const timer = setInterval(update, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [cooldown]);
  if (cooldown === NONE) return 0;
  return tick?.of === cooldown ? tick.left : cooldown.seconds;
}
