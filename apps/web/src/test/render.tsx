import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from '../lib/router';

/** Renders inside a router, as every screen and card is in the app. */
export function renderWithRouter(ui: ReactElement, path = '/') {
  return render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}
