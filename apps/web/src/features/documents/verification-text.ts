import type { VerificationStatus } from '@brokerdesk/shared';

/** What the summary's status asks of the client, in a sentence. */
export const VERIFICATION_STATUS_TEXT: Record<VerificationStatus, string> = {
  'not-started': 'Upload your proof of ID and proof of residence to verify your account.',
  pending: 'Thank you. We are checking your documents and will e-mail you when it is done.',
  verified: 'Your account is verified: your proof of ID and proof of residence are approved.',
  'action-needed':
    'We need something from you: upload the document that is missing or was not accepted.',
};
