import { z } from 'zod';

const IDEMPOTENCY_KEY_MAX = 200;

/**
 * The optional `Idempotency-Key` header of every POST that creates or changes something
 * (docs/product.md §7): a repeat from the same caller returns the first result and changes nothing.
 */
export const IdempotencyHeadersSchema = z.looseObject({
  'idempotency-key': z
    .string()
    .trim()
    .min(1, 'Idempotency-Key must not be empty')
    .max(IDEMPOTENCY_KEY_MAX, `Idempotency-Key must be at most ${IDEMPOTENCY_KEY_MAX} characters`)
    .optional()
    .describe('Optional; a repeat from the same caller returns the first result'),
});
