// Every route the web app links to, in one place. The seed's paths are kept exactly.
export const paths = {
  home: '/',
  register: '/userRegister',
  login: '/userLogin',
  passwordReset: '/passwordReset',
  userDashboard: '/userDashboard',
  userDashboardHome: '/userDashboard/dashboard',
  adminLogin: '/adminLogin',
  adminDashboard: '/adminDashboard',
  terms: '/terms',
  risks: '/risks',
} as const;
