import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from '../../lib/router';
import { json, mockApi } from '../../test/fetch-mock';
import { renderWithRouter } from '../../test/render';
import { SellPage } from './SellPage';

afterEach(() => vi.restoreAllMocks());

const estimateCalls = (spy: ReturnType<typeof mockApi>) =>
  spy.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/v1/estimates'));
const line = () => screen.queryByTestId('price-estimate');

function renderSell() {
  return renderWithRouter(
    <Routes>
      <Route path="/sell" element={<SellPage />} />
    </Routes>,
    '/sell',
  );
}

// docs/decisions/0055: a range from our own offers once the item is categorised, named and graded, else the
// promise of an offer.
describe('/sell price estimate', () => {
  it('asks once the category, name and grade are there, after typing pauses, and shows the range', async () => {
    const user = userEvent.setup();
    const spy = mockApi([
      [/^GET \/api\/v1\/estimates\?/, () => json({ low: 120_000, high: 150_000, count: 5, basis: '…' })],
    ]);
    renderSell();
    await user.type(screen.getByLabelText('Item name'), 'Samsung Galaxy A54');
    expect(line()).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Good' }));
    // Without a category nothing is asked: a range compares items of one category.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(line()).not.toBeInTheDocument();
    expect(estimateCalls(spy)).toHaveLength(0);
    await user.selectOptions(screen.getByLabelText('Category'), 'SmartPhones');
    await waitFor(
      () =>
        expect(line()).toHaveTextContent(
          'Shops usually pay MWK 120,000 - 150,000 for a Samsung Galaxy A54 in good condition',
        ),
      { timeout: 3000 },
    );
    // One call for the whole name, not one per letter.
    const calls = estimateCalls(spy);
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]!, 'http://localhost').searchParams.toString()).toBe(
      'category=SmartPhones&q=Samsung+Galaxy+A54&condition=good',
    );
  });

  it('promises an offer when there is no range, or the call fails', async () => {
    const user = userEvent.setup();
    let answer = () => json({ count: 0 });
    mockApi([[/^GET \/api\/v1\/estimates\?/, () => answer()]]);
    renderSell();
    await user.selectOptions(screen.getByLabelText('Category'), 'SmartPhones');
    await user.click(screen.getByRole('radio', { name: 'Fair' }));
    await user.type(screen.getByLabelText('Item name'), 'Nokia 105');
    const promise = "We'll make you an offer within one working day";
    await waitFor(() => expect(line()).toHaveTextContent(promise), { timeout: 3000 });
    answer = () => json({ message: 'Too many requests' }, 429);
    await user.type(screen.getByLabelText('Item name'), ' 4G');
    await waitFor(() => expect(line()).toHaveTextContent(promise), { timeout: 3000 });
    // Typing goes on while the estimate is asked: the field is never disabled.
    expect(screen.getByLabelText('Item name')).toBeEnabled();
  });
});
