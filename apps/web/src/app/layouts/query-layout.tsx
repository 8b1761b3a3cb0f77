import { Outlet } from 'react-router';
import { AppProvider } from '../../lib/app-provider';

/**
 * Data fetching (react-query) for the pages that use it: sign-in forms, portal and back office.
 * Public marketing pages sit outside this layout so they never load it (JS budget, issue 3).
 */
export default function QueryLayout() {
  return (
    <AppProvider>
      <Outlet />
    </AppProvider>
  );
}
