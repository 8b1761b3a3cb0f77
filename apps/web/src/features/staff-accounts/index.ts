// The staff accounts feature's public surface: the staff page (members, invitations), the
// security page (authenticator enrolment, own password) and the invitation page (decision 111).
export { InviteStaffForm } from './components/invite-staff-form';
export { StaffMembers } from './components/staff-members';
export { TotpEnrolment } from './components/totp-enrolment';
export { ChangeOwnPasswordForm } from './components/change-own-password-form';
export { StaffInvitation } from './components/staff-invitation';
