// Messages only the signed-in areas and the API say. They live apart from messages.ts, which every
// public page loads up front and so counts against its 125 KB budget (decision 003): a module the
// build splits into a shared chunk keeps every export some page uses, so these must not share
// a file with MESSAGES.

/** Verification documents (issue 6; docs/documents-api.md). */
export const DOCUMENT_MESSAGES = {
  kindInvalid: 'Choose which document this is: id, residence, card-front or card-back',
  statusInvalid: 'Status must be pending, approved or rejected',
  fileEmpty: 'This file is empty. Choose a photo or scan of your document.',
  tooLarge: 'This file is larger than 10 MB. Upload a smaller photo or scan (at most 10 MB).',
  wrongType:
    'This file is not a JPEG, PNG or PDF. Upload a photo (JPEG or PNG) or a PDF scan of your document.',
  uploaded: 'Thank you. Your document was uploaded and will be checked by our team.',
  alreadyApproved:
    'This document is already approved. To replace it, write to support from your dashboard.',
  notFound: 'Document not found',
  fileMissing: 'The file of this document is missing. Ask the client to upload it again.',
  alreadyReviewed: 'This document has already been reviewed',
  approved: 'Document approved. The client has been told by e-mail.',
  rejected: 'Document rejected. The client sees your reason and has been told by e-mail.',
} as const;

/** Referral commission (decision 110): what the referrer and staff read about each one. */
export const REFERRAL_MESSAGES = {
  noCommissions:
    'No commission yet: it is earned when a deposit of someone you referred is confirmed.',
  held: 'Held for a check by our staff: the referred account shares details with yours.',
  voidedDepositReversed: 'Voided: the deposit was reversed.',
  voidedWithdrawal: 'Voided: the referred client withdrew money before the release date.',
  voidedByStaff: 'Voided by our staff',
  waitsForWithdrawal: 'Waits while the referred client has a withdrawal request open.',
  commissionNotFound: 'Referral commission not found',
  onlyHeldReleased: 'Only a commission held for review can be released by staff',
  onlyOpenVoided: 'Only a pending or held commission can be voided',
  released: 'Commission released. It is paid on its release date, or now if that has passed.',
  voided: 'Commission voided. The referrer sees your reason.',
  signals: {
    'email-domain-and-ip':
      'Same e-mail domain and the same registration IP address as the referrer',
    'withdrawal-destination': 'A withdrawal destination the referrer has also used',
    'same-document': 'A document file identical to one the referrer uploaded',
  },
} as const;

/** Staff accounts (decision 111): invitations, the staff lock-out, own password, members. */
export const STAFF_ACCOUNT_MESSAGES = {
  /** The staff sign-in's lock, also said for usernames that do not exist. */
  staffLocked:
    'Too many failed sign-ins for this username. Try again later, or ask an owner to reset your two-factor authentication.',
  samePassword: 'Choose a password different from your current one',
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
  invitationNotPending: 'This member has already accepted their invitation',
  memberDisabled: 'This account is disabled; enable it first',
  invitation: {
    invalid: 'This invitation link is not valid. Check that you copied all of it.',
    used: 'This invitation has already been used or replaced by a newer one.',
    expired: 'This invitation has expired. Ask an owner to send a new one.',
    accepted:
      'Your staff account is ready. Sign in with your username, password and authentication code.',
  },
} as const;
