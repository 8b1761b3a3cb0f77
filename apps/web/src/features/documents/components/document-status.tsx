import {
  DOCUMENT_STATUS_LABELS,
  VERIFICATION_STATUS_LABELS,
  type DocumentStatus,
  type VerificationStatus,
} from '@brokerdesk/shared';
import { Pill, type PillTone } from '../../../components/ui/pill';

const DOCUMENT_TONES: Record<DocumentStatus, PillTone> = {
  pending: 'info',
  approved: 'success',
  rejected: 'danger',
};

const VERIFICATION_TONES: Record<VerificationStatus, PillTone> = {
  'not-started': 'muted',
  pending: 'info',
  verified: 'success',
  'action-needed': 'warning',
};

/** "Pending review", "Approved", "Rejected" — or "Not uploaded" for a kind with none. */
export function DocumentStatusPill({ status }: { status: DocumentStatus | null }) {
  if (status === null) return <Pill tone="muted">Not uploaded</Pill>;
  return <Pill tone={DOCUMENT_TONES[status]}>{DOCUMENT_STATUS_LABELS[status]}</Pill>;
}

/** "Verified", "Being checked", "Action needed", "Not started". */
export function VerificationStatusPill({ status }: { status: VerificationStatus }) {
  return <Pill tone={VERIFICATION_TONES[status]}>{VERIFICATION_STATUS_LABELS[status]}</Pill>;
}
