import { IMEI_CHECK_DIGIT, IMEI_LENGTH, SAME_IMEI_TWICE } from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fetch-mock';
import { NO_DEVICE } from '../test/devices';
import { aRequest, openDetail } from '../test/seller-requests';

afterEach(() => vi.restoreAllMocks());

const card = () => within(screen.getByRole('form', { name: 'Device' }));
const PUT = /^PUT \/api\/admin\/seller-requests\/12\/device$/;
const puts = (spy: Awaited<ReturnType<typeof openDetail>>) =>
  spy.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init!.body)));

describe('seller request detail: device (decision 0057)', () => {
  it('records two IMEIs typed with spaces and a compliant CEIR check, then shows who checked', async () => {
    const user = userEvent.setup();
    const saved = {
      imeis: ['356938035643809', '490154203237518'],
      ceir: 'compliant' as const,
      ceir_checked_by: 'Chikondi',
      ceir_checked_at: '2026-11-26T08:05:00.000Z',
      alerts: [],
    };
    const fetchSpy = await openDetail(aRequest(), [[PUT, () => json(aRequest({ device: saved }))]]);
    expect(card().getByRole('combobox', { name: 'MACRA CEIR check' })).toHaveValue('not_checked');
    await user.type(card().getByRole('textbox', { name: 'IMEI' }), '35 693803 564380 9');
    await user.type(card().getByRole('textbox', { name: 'Second IMEI (dual-SIM)' }), '490154203237518');
    await user.selectOptions(card().getByRole('combobox', { name: 'MACRA CEIR check' }), 'compliant');
    await user.click(card().getByRole('button', { name: 'Save device' }));
    expect(await screen.findByText('Device saved')).toBeInTheDocument();
    expect(puts(fetchSpy)).toEqual([{ imeis: saved.imeis, ceir: 'compliant' }]);
    expect(await card().findByText('Checked by Chikondi on 26 Nov 2026, 10:05 am')).toBeInTheDocument();
    expect(card().getByRole('textbox', { name: 'IMEI' })).toHaveValue('356938035643809');
  });

  it('says what is wrong with an IMEI before sending anything', async () => {
    const user = userEvent.setup();
    const fetchSpy = await openDetail(aRequest());
    const first = card().getByRole('textbox', { name: 'IMEI' });
    await user.type(first, '3569380356438');
    await user.click(card().getByRole('button', { name: 'Save device' }));
    expect(await card().findByText(IMEI_LENGTH)).toBeInTheDocument();
    await user.clear(first);
    await user.type(first, '356938035643808');
    await user.click(card().getByRole('button', { name: 'Save device' }));
    expect(await card().findByText(IMEI_CHECK_DIGIT)).toBeInTheDocument();
    await user.clear(first);
    await user.type(first, '356938035643809');
    await user.type(card().getByRole('textbox', { name: 'Second IMEI (dual-SIM)' }), '356938035643809');
    await user.click(card().getByRole('button', { name: 'Save device' }));
    expect(await card().findByText(SAME_IMEI_TWICE)).toBeInTheDocument();
    expect(puts(fetchSpy)).toEqual([]);
  });

  it("toasts the server's refusal naming the item that holds the IMEI", async () => {
    const user = userEvent.setup();
    const message = 'This IMEI is already on Samsung Galaxy A54 (product 41)';
    await openDetail(aRequest(), [[PUT, () => json({ message, errors: { imeis: message } }, 409)]]);
    await user.type(card().getByRole('textbox', { name: 'IMEI' }), '356938035643809');
    await user.click(card().getByRole('button', { name: 'Save device' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(card().getByRole('textbox', { name: 'IMEI' })).toHaveValue('356938035643809');
  });

  it('shows the alert of an IMEI sold before', async () => {
    const alert = "This IMEI (356938035643809) was on an item sold on 3 Dec: check the seller's story";
    await openDetail(aRequest({ device: { ...NO_DEVICE, imeis: ['356938035643809'], alerts: [alert] } }));
    expect(card().getByRole('alert')).toHaveTextContent(alert);
    await waitFor(() => expect(card().getByRole('button', { name: 'Save device' })).toBeDisabled());
  });
});
