// Every route the web app links to, in one place. The seed's paths are kept exactly.
export const paths = {
  home: '/',
  register: '/userRegister',
  login: '/userLogin',
  passwordReset: '/passwordReset',
  verifyEmail: '/verifyEmail',
  setNewPassword: '/setNewPassword',
  userDashboard: '/userDashboard',
  userDashboardHome: '/userDashboard/dashboard',
  account: '/userDashboard/account',
  support: '/userDashboard/support',
  transactionHistory: '/userDashboard/transactionHistory',
  depositWithdrawal: '/userDashboard/depositWithdrawal',
  subscriptionTrade: '/userDashboard/subscriptionTrade',
  /** The trading terminal (issue 18); every START TRADING NOW link leads here. */
  trade: '/userDashboard/trade',
  packages: '/userDashboard/packages',
  referral: '/userDashboard/referral',
  verification: '/userDashboard/verification',
  adminLogin: '/adminLogin',
  /** The invitation a new staff member opens from their mail (decision 111). */
  staffInvitation: '/staffInvitation',
  terms: '/terms',
  risks: '/risks',
} as const;
