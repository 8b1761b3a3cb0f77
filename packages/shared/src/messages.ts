// Every user-facing message of the seed, worded exactly as the seed words it, written once
// and imported by the API (server validation) and the web (forms, result lines).
export const MESSAGES = {
  register: {
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email',
    phoneRequired: 'Phone number is required',
    phoneDigits: 'Phone number must contain digits only',
    passwordRequired: 'Password is required',
    passwordTooShort: 'Password must be at least 6 characters',
    passwordTooLong: 'Password must be at most 128 characters',
    confirmRequired: 'Please confirm your password',
    passwordsDiffer: 'Passwords do not match',
    countryRequired: 'Please select a country',
    tooLong: 'This field is too long',
    success: '✅ Registration successful',
    failure: '❌ Registration failed. Please try again.',
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
  empty: {
    transactions: 'No transaction found',
    subscriptions: 'No active subscriptions',
    referrals: "You haven't referred anyone yet.",
  },
  demoNotice: 'Demonstration platform — not a regulated broker. No real money is handled.',
} as const;
