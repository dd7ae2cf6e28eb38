import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from '../../lib/router';
import { json, mockApi } from '../../test/fetch-mock';
import { renderInChichewa } from '../../test/render';
import { retype } from '../../test/typing';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';

afterEach(() => vi.restoreAllMocks());

// The Chichewa of the texts these pages show (the catalogue itself is src/i18n/locales/ny.po).
const NY: Record<string, string> = {
  'Forgot your password?': 'Mwaiwala mawu anu achinsinsi?',
  'Type the email address of your account. We will send it a link to set a new password.':
    'Lembani imelo ya akaunti yanu. Tidzaitumizira ulalo woti musankhe mawu achinsinsi atsopano.',
  Email: 'Imelo',
  'Email is required': 'Imelo ikufunika',
  'Send me a link': 'Nditumizireni ulalo',
  'Back to log in': 'Bwererani kukalowa',
  'If an account uses this email address, we have sent it a link to set a new password. The link works for 30 minutes.':
    'Ngati akaunti imagwiritsa ntchito imelo iyi, taitumizira ulalo woti musankhe mawu achinsinsi atsopano. Ulalowo umagwira ntchito kwa mphindi 30.',
  'Too many requests from your network. Please try again in 15 minutes.':
    'Zopempha zachuluka kuchokera pa netiweki yanu. Chonde yesaninso pakatha mphindi 15.',
  'Set a new password': 'Sankhani mawu achinsinsi atsopano',
  'New password': 'Mawu achinsinsi atsopano',
  'Type it again': 'Lembaninso',
  'At least 10 characters': 'Zilembo zosachepera 10',
  'Save my new password': 'Sungani mawu anga achinsinsi atsopano',
  'This password is too common: it appears in lists of leaked passwords. Please choose another.':
    "Mawu achinsinsiwa ndi ofala kwambiri: ali m'mindandanda ya mawu achinsinsi omwe adabedwa. Chonde sankhani ena.",
  'This link has expired or was already used. Please ask for a new one.':
    'Ulalowu watha ntchito kapena unagwiritsidwa kale ntchito. Chonde pemphani wina.',
};

describe('/forgot-password in Chichewa', () => {
  it("asks for the email in Chichewa, shows the server's refusal and the answer in Chichewa", async () => {
    const user = userEvent.setup();
    let answer = () => json({ message: 'Too many requests from your network. Please try again in 15 minutes.' }, 429);
    const spy = mockApi([[/^POST \/api\/v1\/auth\/password-reset$/, () => answer()]]);
    renderInChichewa(<ForgotPasswordPage />, NY, '/forgot-password');
    expect(screen.getByRole('heading', { level: 1, name: 'Mwaiwala mawu anu achinsinsi?' })).toBeInTheDocument();
    expect(
      screen.getByText(NY['Type the email address of your account. We will send it a link to set a new password.']!),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bwererani kukalowa' })).toHaveAttribute('href', '/account');

    await user.click(screen.getByRole('button', { name: 'Nditumizireni ulalo' }));
    expect(await screen.findByText('Imelo ikufunika')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();

    await retype(user, 'Imelo', 'chikondi@example.mw');
    await user.click(screen.getByRole('button', { name: 'Nditumizireni ulalo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Zopempha zachuluka kuchokera pa netiweki yanu. Chonde yesaninso pakatha mphindi 15.',
    );

    answer = () => new Response(null, { status: 202 });
    await user.click(screen.getByRole('button', { name: 'Nditumizireni ulalo' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Ngati akaunti imagwiritsa ntchito imelo iyi, taitumizira ulalo woti musankhe mawu achinsinsi atsopano. Ulalowo umagwira ntchito kwa mphindi 30.',
    );
  });
});

describe('/reset-password/{token} in Chichewa', () => {
  it("shows the server's refusals in Chichewa: a common password under the field, a used link above the button", async () => {
    const user = userEvent.setup();
    const COMMON = 'This password is too common: it appears in lists of leaked passwords. Please choose another.';
    let answer = () => json({ status: 400, message: COMMON, errors: { password: COMMON } }, 400);
    mockApi([[/^POST \/api\/v1\/auth\/password-reset\/Rst_link$/, () => answer()]]);
    renderInChichewa(
      <Routes>
        <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
      </Routes>,
      NY,
      '/reset-password/Rst_link',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Sankhani mawu achinsinsi atsopano' })).toBeInTheDocument();
    expect(screen.getByLabelText('Mawu achinsinsi atsopano')).toHaveAccessibleDescription('Zilembo zosachepera 10');
    await retype(user, 'Mawu achinsinsi atsopano', 'password123');
    await retype(user, 'Lembaninso', 'password123');
    await user.click(screen.getByRole('button', { name: 'Sungani mawu anga achinsinsi atsopano' }));
    expect(await screen.findByText(NY[COMMON]!)).toBeInTheDocument();
    expect(screen.getByLabelText('Mawu achinsinsi atsopano')).toHaveAccessibleDescription(
      `Zilembo zosachepera 10 ${NY[COMMON]!}`,
    );

    answer = () =>
      json({ status: 404, message: 'This link has expired or was already used. Please ask for a new one.' }, 404);
    await retype(user, 'Mawu achinsinsi atsopano', 'kwacha-2026-banda');
    await retype(user, 'Lembaninso', 'kwacha-2026-banda');
    await user.click(screen.getByRole('button', { name: 'Sungani mawu anga achinsinsi atsopano' }));
    expect(
      await screen.findByText('Ulalowu watha ntchito kapena unagwiritsidwa kale ntchito. Chonde pemphani wina.'),
    ).toHaveRole('alert');
  });
});
