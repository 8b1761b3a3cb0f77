// The staff accounts feature's public surface: the staff page (members, add form) and the
// security page's authenticator enrolment.
export { AddStaffForm } from './components/add-staff-form';
export { StaffMembers } from './components/staff-members';
export { TotpEnrolment } from './components/totp-enrolment';
