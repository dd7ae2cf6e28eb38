import { queryOptions } from '@tanstack/react-query';
import type { RecoveryCodes, SecondFactorCodeInput, SecondFactorSetup, SecondFactorStatus } from '@marketplace/shared';
import { adminRequest } from '../api';

// The signed-in staff member's two-step login (docs/decisions/0050).
const PATH = '/admin/account/second-factor';
export const ACCOUNT_ERRORS = {
  status: 'Failed to fetch your two-step login',
  start: 'Failed to start the set-up',
  confirm: 'Failed to confirm the code',
  turnOff: 'Failed to turn off two-step login',
} as const;

export const secondFactorKeys = { status: ['second-factor'] as const };

export const secondFactorQuery = () =>
  queryOptions({
    queryKey: secondFactorKeys.status,
    queryFn: ({ signal }) => adminRequest<SecondFactorStatus>(PATH, { defaultMessage: ACCOUNT_ERRORS.status, signal }),
    meta: { defaultMessage: ACCOUNT_ERRORS.status },
  });

export function startSetup(): Promise<SecondFactorSetup> {
  return adminRequest<SecondFactorSetup>(PATH, { method: 'POST', defaultMessage: ACCOUNT_ERRORS.start });
}

export function confirmSetup(input: SecondFactorCodeInput): Promise<RecoveryCodes> {
  return adminRequest<RecoveryCodes>(`${PATH}/confirm`, {
    method: 'POST',
    body: input,
    defaultMessage: ACCOUNT_ERRORS.confirm,
  });
}

export async function turnOff(input: SecondFactorCodeInput): Promise<void> {
  await adminRequest<unknown>(`${PATH}/turn-off`, {
    method: 'POST',
    body: input,
    defaultMessage: ACCOUNT_ERRORS.turnOff,
  });
}
