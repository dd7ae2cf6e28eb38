import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { renderWithRouter } from '../../test/render';
import { retype } from '../../test/typing';
import { ForgotPasswordPage } from './ForgotPasswordPage';

afterEach(() => vi.restoreAllMocks());

const ASK_URL = /^POST \/api\/v1\/auth\/password-reset$/;
const SENT =
  'If an account uses this email address, we have sent it a link to set a new password. The link works for 30 minutes.';

describe('/forgot-password', () => {
  it('sends nothing without an email, then asks for a link and gives the same answer whatever the email is', async () => {
    const user = userEvent.setup();
    const spy = mockApi([[ASK_URL, () => new Response(null, { status: 202 })]]);
    renderWithRouter(<ForgotPasswordPage />, '/forgot-password');
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
    expect(
      screen.getByText('Type the email address of your account. We will send it a link to set a new password.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/account');

    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await retype(user, 'Email', '   ');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();

    await retype(user, 'Email', 'chikondi@example.mw');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(JSON.parse(String(spy.mock.calls[0]![1]!.body))).toEqual({ email: 'chikondi@example.mw' });
    // The form is gone: the answer is the page's last word; the way back stays.
    expect(screen.queryByRole('button', { name: 'Send me a link' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to log in' })).toBeInTheDocument();
  });

  it("shows the server's refusal above the button and keeps the email typed", async () => {
    const user = userEvent.setup();
    let answer = () => json({ message: 'Too many requests from your network. Please try again in 15 minutes.' }, 429);
    mockApi([[ASK_URL, () => answer()]]);
    renderWithRouter(<ForgotPasswordPage />, '/forgot-password');
    await retype(user, 'Email', 'chikondi@example.mw');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests from your network. Please try again in 15 minutes.',
    );
    expect(screen.getByLabelText('Email')).toHaveValue('chikondi@example.mw');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    // No message from the server (a proxy's page): the call's own words.
    answer = () => new Response('<html>Bad gateway</html>', { status: 502 });
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText('Could not send the link. Please try again.')).toHaveRole('alert');

    answer = () => new Response(null, { status: 202 });
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
