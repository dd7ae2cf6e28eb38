import { describe, expect, it } from 'vitest';
import { NOT_A_WALLET_NUMBER, payNowProblem, WRONG_NETWORK } from './payment-constants.js';
import { mobileMoneyNetwork } from './phone.js';

// The network a number's prefix names (docs/decisions/0081): every prefix of the plan, in each written form.
describe('the mobile-money network of a Malawi number', () => {
  it.each([
    ['099', 'airtel_money'],
    ['098', 'airtel_money'],
    ['088', 'tnm_mpamba'],
    ['089', 'tnm_mpamba'],
    ['031', 'tnm_mpamba'],
    ['077', null],
    ['011', null],
    ['012', null],
    ['017', null],
    ['018', null],
    ['021', null],
  ] as const)('%s… is %s, however it is written', (prefix, network) => {
    const national = `${prefix.slice(1)}1234567`;
    for (const written of [
      `0${national}`,
      `+265${national}`,
      `265${national}`,
      `+265 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`,
    ])
      expect(mobileMoneyNetwork(written), written).toBe(network);
  });

  it('gives no network for what is not a Malawi number', () => {
    for (const phone of ['', null, undefined, '0901234567', '+44 7700 900123', '09912345', 'phone'])
      expect(mobileMoneyNetwork(phone)).toBeNull();
  });

  it('says why a number cannot pay by the chosen network, and nothing for the shop or a matching network', () => {
    expect(payNowProblem('0999123456', 'airtel_money')).toBeNull();
    expect(payNowProblem('+265881234567', 'tnm_mpamba')).toBeNull();
    expect(payNowProblem('0311234567', 'tnm_mpamba')).toBeNull();
    expect(payNowProblem('0981234567', 'tnm_mpamba')).toBe(WRONG_NETWORK.airtel_money);
    expect(payNowProblem('0891234567', 'airtel_money')).toBe(WRONG_NETWORK.tnm_mpamba);
    expect(payNowProblem('0771234567', 'airtel_money')).toBe(NOT_A_WALLET_NUMBER);
    expect(payNowProblem('0111234567', 'tnm_mpamba')).toBe(NOT_A_WALLET_NUMBER);
    expect(payNowProblem('0111234567', 'on_collection')).toBeNull();
    expect(payNowProblem('0881234567', 'on_collection')).toBeNull();
  });
});
