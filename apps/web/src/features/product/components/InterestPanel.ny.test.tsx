import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/fetch-mock';
import { aProduct } from '../../../test/products';
import { renderInChichewa } from '../../../test/render';
import { InterestPanel } from './InterestPanel';

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

// The catalogue itself is src/i18n/locales/ny.po; one person and many people are two messages.
const NY: Record<string, string> = {
  'Mark Interested': 'Ndikufuna',
  '✓ Interested': '✓ Ndikufuna',
  'People want this. 1 person is watching this.': 'Anthu akufuna chinthuchi. Munthu 1 akuchitsatira.',
  'People want this. {count} people are watching this.': 'Anthu akufuna chinthuchi. Anthu {count} akuchitsatira.',
};

describe('InterestPanel in Chichewa', () => {
  it('says one person and several people each its own way', async () => {
    const user = userEvent.setup();
    let watchers = 1;
    mockApi([
      [/POST \/api\/v1\/products\/7\/interest$/, () => json({ watchers: ++watchers, interested: true })],
      [/DELETE \/api\/v1\/products\/7\/interest$/, () => json({ watchers: --watchers, interested: false })],
    ]);
    renderInChichewa(<InterestPanel product={aProduct({ id: 7, watchers: 1 })} />, NY);
    expect(screen.getByTestId('watchers')).toHaveTextContent('Anthu akufuna chinthuchi. Munthu 1 akuchitsatira.');
    await user.click(screen.getByRole('button', { name: 'Ndikufuna' }));
    await waitFor(() =>
      expect(screen.getByTestId('watchers')).toHaveTextContent('Anthu akufuna chinthuchi. Anthu 2 akuchitsatira.'),
    );
    expect(screen.getByRole('button', { name: '✓ Ndikufuna' })).toHaveAttribute('aria-pressed', 'true');
  });
});
