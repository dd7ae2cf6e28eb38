import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { retype } from '../../test/typing';
import { ADMIN_ME, renderAdmin, signIn } from '../test/render-admin';

afterEach(() => vi.restoreAllMocks());

const STATUS = /^GET \/api\/admin\/account\/second-factor$/;
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_url: 'otpauth://totp/x',
  qr_svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"></svg>',
};
const CODES = Array.from({ length: 10 }, (_, i) => `AAAA${i + 2}-BBBB${i + 2}`);

describe('My Account: two-step login', () => {
  it('sets it up: QR code and key, a code confirms it, the recovery codes show once', async () => {
    const user = userEvent.setup();
    signIn();
    let me = { ...ADMIN_ME, second_factor_setup: true };
    let status = { enabled: false, required: true, recovery_codes_left: 0 };
    const spy = mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json(me)],
      [STATUS, () => json(status)],
      [/^POST \/api\/admin\/account\/second-factor$/, () => json(SETUP)],
      [
        /^POST \/api\/admin\/account\/second-factor\/confirm$/,
        (_url, init) =>
          JSON.parse(String(init?.body)).code === '123456'
            ? json({ recovery_codes: CODES })
            : json({ status: 400, detail: 'x', errors: { code: 'That code is not right.' } }, 400),
      ],
    ]);
    // Any other screen leads here while set-up is needed.
    renderAdmin('/admin/orders');
    expect(await screen.findByRole('heading', { name: 'My Account' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Set up two-step login' }));
    const qr = await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByTestId('secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    await retype(user, 'Code from the app', '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('That code is not right.')).toBeInTheDocument();
    await retype(user, 'Code from the app', '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);

    me = { ...ADMIN_ME, second_factor_setup: false };
    status = { enabled: true, required: true, recovery_codes_left: 10 };
    await user.click(screen.getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(await screen.findByText(/10 of your recovery codes are left/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Orders' })).toBeInTheDocument();
    expect(spy.mock.calls.some(([url]) => String(url).endsWith('/confirm'))).toBe(true);
    // The whole set-up through three screens' worth of clicks: over 5 s on a busy 2-core machine.
  }, 15_000);

  it('turns it off with a code', async () => {
    const user = userEvent.setup();
    signIn();
    let status = { enabled: true, required: false, recovery_codes_left: 7 };
    const spy = mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
      [STATUS, () => json(status)],
      [
        /^POST \/api\/admin\/account\/second-factor\/turn-off$/,
        () => {
          status = { enabled: false, required: false, recovery_codes_left: 0 };
          return new Response(null, { status: 204 });
        },
      ],
    ]);
    renderAdmin('/admin/account');
    expect(await screen.findByText(/7 of your recovery codes are left/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off two-step login' }));
    expect(await screen.findByText('Code is required')).toBeInTheDocument();
    await retype(user, 'Code to turn it off', '654321');
    await user.click(screen.getByRole('button', { name: 'Turn off two-step login' }));
    expect(await screen.findByRole('button', { name: 'Set up two-step login' })).toBeInTheDocument();
    const call = spy.mock.calls.find(([url]) => String(url).endsWith('/turn-off'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ code: '654321' });
  });
});
