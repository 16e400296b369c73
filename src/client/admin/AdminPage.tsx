import { AdminDashboard } from './dashboard/AdminDashboard.js';
import { AdminSessionProvider, useAdminSession } from './session/AdminSession.js';
import { LoginScreen, VerifyingScreen } from './session/LoginScreen.js';

function AdminArea() {
  const { status } = useAdminSession();
  if (status === 'logged-in') return <AdminDashboard />;
  if (status === 'logged-out') return <LoginScreen />;
  return <VerifyingScreen label={status === 'verifying' ? 'Verifying...' : 'Loading...'} />;
}

/**
 * The admin area (/admin), loaded lazily: this module and everything under src/client/admin
 * (including the Dropzone and admin CSS) reach the browser only when /admin is visited.
 */
export default function AdminPage() {
  return (
    <AdminSessionProvider>
      <AdminArea />
    </AdminSessionProvider>
  );
}
