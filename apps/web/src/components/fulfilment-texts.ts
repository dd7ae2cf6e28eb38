import type { I18n } from '@lingui/core';
import type { Fulfilment } from '@marketplace/shared';

// The headings an order's page and the checkout's confirmation give the shop and the next steps, for each way of
// receiving it (collect, delivery, coach: decision 0072).

export function shopHeading(i18n: I18n, fulfilment: Fulfilment): string {
  if (fulfilment === 'delivery') return i18n._('Delivered by');
  if (fulfilment === 'coach') return i18n._('Sent by');
  return i18n._('Collect at');
}

export function nextStepsHeading(i18n: I18n, fulfilment: Fulfilment): string {
  if (fulfilment === 'delivery') return i18n._('When it arrives');
  if (fulfilment === 'coach') return i18n._('How it reaches you');
  return i18n._('What to bring');
}
