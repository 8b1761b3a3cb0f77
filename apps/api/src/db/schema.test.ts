// The schema keeps some value lists literal, because drizzle-kit loads schema.ts without the
// workspace packages; these must stay equal to the shared contract the API validates with.
import {
  DOCUMENT_KINDS,
  DOCUMENT_STATUSES,
  REFERRAL_COMMISSION_STATES,
  REFERRAL_SIGNALS,
  REFERRAL_VOID_CAUSES,
  STAFF_ROLES,
  TRANSACTION_EVENT_KINDS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
} from '@brokerdesk/shared';
import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_KIND_VALUES,
  DOCUMENT_STATUS_VALUES,
  REFERRAL_COMMISSION_STATE_VALUES,
  REFERRAL_SIGNAL_VALUES,
  REFERRAL_VOID_CAUSE_VALUES,
  STAFF_ROLE_VALUES,
  TRANSACTION_EVENT_VALUES,
  TRANSACTION_STATUS_VALUES,
  TRANSACTION_TYPE_VALUES,
} from './schema.js';

describe('schema value lists', () => {
  it('match the shared contract', () => {
    expect([...STAFF_ROLE_VALUES]).toEqual([...STAFF_ROLES]);
    expect([...TRANSACTION_TYPE_VALUES]).toEqual([...TRANSACTION_TYPES]);
    expect([...TRANSACTION_STATUS_VALUES]).toEqual([...TRANSACTION_STATUSES]);
    expect([...TRANSACTION_EVENT_VALUES]).toEqual([...TRANSACTION_EVENT_KINDS]);
    expect([...DOCUMENT_KIND_VALUES]).toEqual([...DOCUMENT_KINDS]);
    expect([...DOCUMENT_STATUS_VALUES]).toEqual([...DOCUMENT_STATUSES]);
    expect([...REFERRAL_COMMISSION_STATE_VALUES]).toEqual([...REFERRAL_COMMISSION_STATES]);
    expect([...REFERRAL_SIGNAL_VALUES]).toEqual([...REFERRAL_SIGNALS]);
    expect([...REFERRAL_VOID_CAUSE_VALUES]).toEqual([...REFERRAL_VOID_CAUSES]);
  });
});
