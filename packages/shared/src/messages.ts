// Every user-facing message of the seed, worded exactly as the seed words it, written once
// and imported by the API (server validation) and the web (forms, result lines).
import { DEMO_NOTICE } from './demo-notice.js';

export const MESSAGES = {
  register: {
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email',
    phoneRequired: 'Phone number is required',
    phoneDigits: 'Phone number must contain digits only',
    /** Issue 16: a number that is not possible for the chosen country (decision 107). */
    phoneInvalid: (country: string) => `Please enter a valid phone number for ${country}`,
    passwordRequired: 'Password is required',
    passwordTooShort: 'Password must be at least 6 characters',
    passwordTooLong: 'Password must be at most 128 characters',
    confirmRequired: 'Please confirm your password',
    passwordsDiffer: 'Passwords do not match',
    countryRequired: 'Please select a country',
    tooLong: 'This field is too long',
    // The origin's ✅/❌ are drawn as icons beside these lines (an emoji glyph shows as an empty
    // box where no emoji font is installed).
    success: 'Registration successful',
    failure: 'Registration failed. Please try again.',
    checkEmail: (email: string) =>
      `Check your e-mail: we sent a link to ${email} to confirm your address.`,
    emailTaken: 'Email already registered',
    created: 'Registration successful',
  },
  login: {
    failed: 'Login failed',
    invalidCredentials: 'Invalid email or password',
  },
  adminLogin: {
    invalidCredentials: 'Invalid credentials. Please try again.',
  },
  support: {
    sending: 'Sending...',
    dashboardFailure: 'Failed to send message. Try again later.',
    contactFailure: '❌ Failed to send message. Try again later.',
    sent: 'Thank you — your message has been sent. We usually reply within one business day.',
    messageRequired: 'Please write your message',
    messageTooLong: 'Message must be at most 5,000 characters',
    subjectTooLong: 'Subject must be at most 200 characters',
    subjectInvalid: 'Subject must be text',
    emailInvalid: 'Please enter a valid email',
    rateLimited: 'Too many messages from this address; please wait a minute and try again.',
  },
  calendar: {
    /** Followed by the long en-US date: 'You will be reminded on Tuesday, March 3, 2026'. */
    remindPrefix: 'You will be reminded on',
  },
  subscription: {
    success: 'Subscription successful',
    failure: 'Subscription failed. Please try again.',
    processing: 'Your Subscription is being processed!',
    failedTitle: 'Subscription Failed',
    insufficientFunds: 'Insufficient funds',
  },
  transaction: {
    success: 'Transaction successful',
    failure: 'Transaction failed. Please try again.',
  },
  deposit: {
    amountRequired: '⚠️ Please enter an amount before depositing.',
  },
  withdrawal: {
    amountRequired: 'Please enter an amount before withdrawing.',
  },
  money: {
    amountInvalid: 'Enter an amount in dollars, e.g. 250 or 250.50',
    amountPositive: 'Enter an amount greater than zero',
    amountWholeCents: 'Amount must be a whole number of cents',
    amountTooManyDecimals: 'Use at most two decimals',
    amountTooLarge: 'Amount must be at most $10,000,000',
    methodRequired: 'Choose a payment method',
    destinationRequired: 'Enter where the money should go (wallet address, IBAN or e-wallet id)',
    destinationTooLong: 'Destination must be at most 100 characters',
    destinationInvalid: 'Destination may contain letters, digits, spaces and . @ _ + : / - only',
    belowMinimumDeposit: 'Your first deposit must be at least $300.00',
    insufficientFunds: 'Insufficient funds',
    withdrawalExceedsAvailable:
      'This withdrawal (with its fee) is more than your available balance',
    reasonRequired: 'Please give a reason the client will see',
    reasonTooLong: 'Reason must be at most 500 characters',
    postingTypeInvalid: 'Type must be profit, bonus, ref_bonus or adjustment',
    directionInvalid: 'Direction must be credit or debit',
    onlyAdjustmentsDebit: 'Only an adjustment can take money from a client',
    clientRequired: 'Choose a client',
    seedTypeInvalid: 'Type must be Deposit, Withdrawal, Profit, Bonus, RefBonus or Adjustment',
    seedStatusInvalid: 'Status must be Completed, Pending or Failed',
    onlyRequestsPending: 'Only a deposit or a withdrawal can be pending',
    dateInvalid: 'Enter a valid date',
    planRequired: 'Choose a plan',
    planNotFound: 'Unknown plan',
    planNameRequired: 'Plan name is required (at most 100 characters)',
    profitPercentInvalid: 'Profit percentage must be a number from 0 to 1000',
    durationInvalid: 'Duration must be a whole number of days from 1 to 3650',
    statusTooLong: 'Status must be at most 40 characters',
    requestNotFound: 'Request not found',
    clientNotFound: 'Client not found',
    depositRequested: 'Deposit request created',
    endorsed: 'Noted. A second staff member must now approve this request.',
    secondApproverNeeded: 'A second staff member must approve this request',
    withdrawalRequested: 'Withdrawal request created; the funds are held until staff approve it',
    copied: 'Copied',
  },
  account: {
    currentPasswordRequired: 'Enter your current password',
    currentPasswordWrong: 'Your current password is not correct',
    passwordChanged: 'Password changed. Other devices have been signed out.',
    otherSessionsSignedOut: 'Every other device has been signed out.',
    sessionNotFound: 'That session does not exist or has already ended',
  },
  // Issue 6: e-mail verification, password reset, lock-out and reminders.
  verification: {
    emailVerified: 'Your e-mail address is verified.',
    verificationSent: 'We sent a new verification link to your e-mail address.',
    alreadyVerified: 'Your e-mail address is already verified.',
    resendCooldown: 'A link was sent a moment ago; you can ask for another in a minute.',
    required: 'Verify your e-mail address first: open the link we sent you, or ask for a new one.',
    linkInvalid: 'This link is not valid. Check that you copied all of it.',
    linkUsed: 'This link has already been used.',
    linkExpired: 'This link has expired.',
  },
  passwordReset: {
    /** The same answer whether or not an account has this address (docs/product.md §2). */
    requested:
      'If an account uses this e-mail address, we have sent it a link to set a new password. The link works once, for 30 minutes.',
    done: 'Your password has been changed and every device has been signed out. You can log in now.',
  },
  lockout: {
    /** Also said for addresses with no account, so the answer reveals nothing. */
    locked:
      'Too many failed logins for this e-mail address. Try again later, or reset your password.',
  },
  reminder: {
    dateInvalid: 'Choose a date from today up to a year ahead',
    signInToRemind: 'Log in to get the reminder by e-mail.',
  },
  backOffice: {
    totpCodeInvalid: 'Enter the 6-digit code from your authenticator app',
    totpCodeWrong: 'That code is not valid; enter the current 6-digit code',
    usernameInvalid: 'Username: 3 to 64 letters, digits, dots, dashes or underscores',
    usernameTaken: 'That username is taken',
    staffPasswordTooShort: 'Staff passwords need at least 12 characters',
    roleInvalid: 'Choose a role',
    searchTooLong: 'Search must be at most 100 characters',
    cannotDisableSelf: 'You cannot disable your own account',
    lastOwner: 'At least one active owner must remain',
    clientCreated: '✅ Registration successful',
    clientCreateFailed: '❌ Registration failed. Please try again.',
    subscriptionCreated: '✅ Subscription successful',
    subscriptionCreateFailed: '❌ Subscription failed. Please try again.',
    transactionCreated: '✅ Transaction successful',
    transactionCreateFailed: '❌ Transaction failed. Please try again.',
    accountDisabled: 'This account is disabled. Contact support.',
    totpCodeOrRecovery: 'Enter the 6-digit code or a recovery code',
  },
  empty: {
    transactions: 'No transaction found',
    subscriptions: 'No active subscriptions',
    referrals: "You haven't referred anyone yet.",
  },
  demoNotice: DEMO_NOTICE,
} as const;

// Issue 17's limits: said only by the API (the web shows the server's message), so kept apart
// from MESSAGES, which every page loads up front (docs/decisions/113). The password rules' and
// the withdrawal minimum's messages are in passwords/password-rules.ts and withdrawal-rules.ts.

/** The 429s of the per-account limits (mail a client can cause, current-password checks). */
export const LIMIT_MESSAGES = {
  reminders: 'You have asked for many reminders in a short time; try again later.',
  verificationResend: 'We have sent several verification links already; try again later.',
  passwordReset:
    'Several reset links were asked for this e-mail address already; check your inbox or try again later.',
  passwordChange: 'Your password was changed several times in a short time; try again later.',
  currentPasswordLocked:
    'Too many wrong current passwords. Try again later, or sign out and reset your password.',
} as const;
