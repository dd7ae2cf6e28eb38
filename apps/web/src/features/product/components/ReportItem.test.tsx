import { REPORT_RECEIVED } from '@marketplace/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/fetch-mock';
import { ReportItem } from './ReportItem';

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

const REPORTS = /POST \/api\/v1\/products\/7\/reports$/;

describe('Report this item', () => {
  it('asks for a reason, then sends it with the note and the visitor id, and confirms', async () => {
    const user = userEvent.setup();
    const fetchSpy = mockApi([[REPORTS, () => json({ message: REPORT_RECEIVED }, 202)]]);
    render(<ReportItem productId={7} />);
    await user.click(screen.getByRole('button', { name: 'Report this item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this item' });
    expect(dialog).toHaveAccessibleDescription('Tell us what is wrong. Our team checks every report.');

    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a reason');
    expect(fetchSpy).not.toHaveBeenCalled();

    await user.click(screen.getByRole('radio', { name: 'Looks stolen' }));
    // Choosing answers it: the refusal goes.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Note (optional)' }), 'Same serial as my lost phone');
    await user.click(screen.getByRole('button', { name: 'Send report' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent(REPORT_RECEIVED);
    expect(screen.queryByRole('button', { name: 'Report this item' })).not.toBeInTheDocument();
    const body = JSON.parse(String(fetchSpy.mock.calls[0]![1]!.body));
    expect(body).toEqual({
      reason: 'looks_stolen',
      note: 'Same serial as my lost phone',
      visitor_id: window.localStorage.getItem('visitor-id'),
    });
    expect(body.visitor_id).toMatch(/^[a-f0-9]{32}$/);
  });

  it('stays open with what was chosen when the report cannot be sent, and Go back closes it', async () => {
    const user = userEvent.setup();
    mockApi([[REPORTS, () => json({ message: 'Too many requests, please try again later.' }, 429)]]);
    render(<ReportItem productId={7} />);
    await user.click(screen.getByRole('button', { name: 'Report this item' }));
    await user.click(await screen.findByRole('radio', { name: 'Wrong price' }));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, please try again later.');
    expect(screen.getByRole('radio', { name: 'Wrong price' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Report this item' })).toHaveFocus();
  });

  it('offers the phone this device proved at the checkout, and sends it only when ticked', async () => {
    const user = userEvent.setup();
    const token = `265999123456.${Math.floor(Date.now() / 1000) + 86_400}.signature`;
    window.localStorage.setItem('phone-proofs', JSON.stringify({ '+265999123456': token }));
    const fetchSpy = mockApi([[REPORTS, () => json({ message: REPORT_RECEIVED }, 202)]]);
    render(<ReportItem productId={7} />);
    await user.click(screen.getByRole('button', { name: 'Report this item' }));
    await user.click(await screen.findByRole('radio', { name: 'Suspicious seller' }));
    const offer = screen.getByRole('checkbox', { name: 'Add my checked phone number, +265 999 123 456 (optional)' });
    expect(offer).not.toBeChecked();
    await user.click(offer);
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String(fetchSpy.mock.calls[0]![1]!.body));
    expect(body).toMatchObject({ reason: 'suspicious_seller', phone: '+265999123456', phone_token: token });
  });

  it('offers no phone when this device proved none', async () => {
    const user = userEvent.setup();
    render(<ReportItem productId={7} />);
    await user.click(screen.getByRole('button', { name: 'Report this item' }));
    await screen.findByRole('radio', { name: 'Wrong price' });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
