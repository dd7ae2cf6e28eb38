import { configure, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '../../lib/router';
import AdminApp from '../AdminApp';

// Screens are lazy chunks: on a busy machine the first import can take more than the default 1 s.
configure({ asyncUtilTimeout: 4000 });

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Mounts the back-office the way the app's router does (at /admin/*), starting at `path`. */
export function renderAdmin(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin/*" element={<AdminApp />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

export const ADMIN_ME = { id: 1, display_name: 'Chikondi', email: 'admin@marketplace.mw', role: 'Admin' };

export function signIn(displayName = 'Chikondi') {
  window.localStorage.setItem('authToken', 'test-token');
  window.localStorage.setItem('displayName', displayName);
}
