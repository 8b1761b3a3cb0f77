// PRODUCT.md §7 lock-out: 10 failed logins for one e-mail (existing or not) within 15 minutes
// → 429 for 15 minutes, doubling on repeat; a password reset lifts it.
// The interface is what the client service relies on; the store behind it is in-process or
// Redis (several API instances).

export interface LoginLockout {
  /** Throws AppError('LOCKED_OUT') (429, with retry-after) while the e-mail is locked. */
  assertNotLocked(email: string): Promise<void>;
  /** A wrong password (or unknown e-mail); may start a lock. */
  recordFailure(email: string): Promise<void>;
  /** A successful login clears the failure count (not an earned lock's doubling). */
  recordSuccess(email: string): Promise<void>;
  /** A completed password reset lifts any lock and forgets the history. */
  clear(email: string): Promise<void>;
}
