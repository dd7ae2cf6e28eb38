import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from '../../lib/router';
import { mockApi } from '../../test/fetch-mock';
import { renderWithRouter } from '../../test/render';
import { AlertStopPage } from './AlertStopPage';

afterEach(() => vi.restoreAllMocks());

const page = () =>
  renderWithRouter(
    <Routes>
      <Route path="/alerts/stop/:token" element={<AlertStopPage />} />
    </Routes>,
    '/alerts/stop/abc_DEF-123',
  );

describe('/alerts/stop/:token', () => {
  it('changes nothing on opening (a link preview), and stops on the tap', async () => {
    const user = userEvent.setup();
    const spy = mockApi([[/DELETE \/api\/v1\/alerts\/abc_DEF-123$/, () => new Response(null, { status: 204 })]]);
    page();
    expect(screen.getByRole('heading', { name: 'Stop SMS alerts' })).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Stop the alerts' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Done: this phone gets no more alert SMS from us.');
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('says so when offline, and the button stays', async () => {
    const user = userEvent.setup();
    mockApi([[/DELETE/, () => Promise.reject(new TypeError('Failed to fetch'))]]);
    page();
    await user.click(screen.getByRole('button', { name: 'Stop the alerts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not stop the alerts. Please try again.');
    expect(screen.getByRole('button', { name: 'Stop the alerts' })).toBeEnabled();
  });
});
