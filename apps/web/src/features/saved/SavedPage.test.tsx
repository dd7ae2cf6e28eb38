import type { PublicProduct } from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSavedItems, saveItem } from '../../lib/saved-items';
import { json, list, mockApi } from '../../test/fetch-mock';
import { aProduct } from '../../test/products';
import { renderWithRouter } from '../../test/render';
import { SavedPage } from './SavedPage';

afterEach(() => vi.restoreAllMocks());

/** Saves the items as they were, then has the API list them as they are now (missing ones are no longer listed). */
function savedThenListed(then: PublicProduct[], now: PublicProduct[]) {
  then.forEach(saveItem);
  return mockApi([
    [
      /GET \/api\/v1\/products\?ids=/,
      (url) => json(list(now.filter((p) => url.searchParams.get('ids')?.split(',').includes(String(p.id))))),
    ],
    [/DELETE \/api\/v1\/products\/\d+\/interest$/, () => json({ watchers: 0, interested: false })],
  ]);
}

/** A saved item's grid cell: its card (named by its link) with the note and Remove button under it. */
const card = (name: string) => screen.getByRole('link', { name }).closest('li') as HTMLElement;

describe('SavedPage', () => {
  it('with nothing saved, says so and links to browse', () => {
    renderWithRouter(<SavedPage />, '/saved');
    expect(screen.getByRole('heading', { level: 1, name: 'Saved items' })).toBeInTheDocument();
    expect(screen.getByText('No saved items yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse items' })).toHaveAttribute('href', '/discover');
  });

  it('asks for the saved ids in one call and notes what changed: price drop, reserved, sold, gone', async () => {
    const fetchMock = savedThenListed(
      [
        aProduct({ id: 1, name: 'Dropped phone', price: 200000 }),
        aProduct({ id: 2, name: 'Reserved laptop' }),
        aProduct({ id: 3, name: 'Sold TV' }),
        aProduct({ id: 4, name: 'Gone console', price: 90000 }),
        aProduct({ id: 5, name: 'Unchanged radio' }),
        aProduct({ id: 6, name: 'Freed speaker', reserved: true }),
      ],
      [
        aProduct({ id: 1, name: 'Dropped phone', price: 175000, sale_price: 150000 }),
        aProduct({ id: 2, name: 'Reserved laptop', reserved: true }),
        aProduct({ id: 3, name: 'Sold TV', sold: true }),
        aProduct({ id: 5, name: 'Unchanged radio' }),
        aProduct({ id: 6, name: 'Freed speaker' }),
      ],
    );
    renderWithRouter(<SavedPage />, '/saved');

    const grid = await screen.findByRole('list', { name: 'Saved items' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const asked = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost').searchParams.get('ids');
    expect(asked?.split(',').map(Number).sort()).toEqual([1, 2, 3, 4, 5, 6]);

    expect(within(grid).getAllByRole('article')).toHaveLength(5);
    expect(within(card('Dropped phone')).getByTestId('saved-note')).toHaveTextContent('Price dropped from MWK 200,000');
    // The card shows the price it sells for now (a back-office sale price is not a public price).
    expect(within(card('Dropped phone')).getByTestId('card-price')).toHaveTextContent('MWK 175,000');
    expect(within(card('Reserved laptop')).getByTestId('saved-note')).toHaveTextContent(
      'Reserved: someone is buying it',
    );
    expect(within(card('Sold TV')).getByTestId('saved-note')).toHaveTextContent('Sold');
    expect(within(card('Freed speaker')).getByTestId('saved-note')).toHaveTextContent('Available again');
    expect(within(card('Unchanged radio')).queryByTestId('saved-note')).not.toBeInTheDocument();

    const gone = screen.getByRole('region', { name: 'No longer listed' });
    expect(within(gone).getByText('Gone console')).toBeInTheDocument();
    expect(within(gone).getByText('Saved at MWK 90,000')).toBeInTheDocument();
  });

  it('Remove un-marks interest on the server and takes the item off the list', async () => {
    const user = userEvent.setup();
    const fetchMock = savedThenListed(
      [aProduct({ id: 1, name: 'Phone one' }), aProduct({ id: 2, name: 'Phone two' })],
      [aProduct({ id: 1, name: 'Phone one' }), aProduct({ id: 2, name: 'Phone two' })],
    );
    renderWithRouter(<SavedPage />, '/saved');

    await user.click(await screen.findByRole('button', { name: 'Remove Phone one from saved items' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Phone one' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Phone two' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Phone one removed from saved items.');
    expect(screen.getByRole('heading', { level: 1, name: 'Saved items' })).toHaveFocus();
    expect(window.localStorage.getItem('interested-1')).toBeNull();
    expect(getSavedItems().map((item) => item.id)).toEqual([2]);

    const removal = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(String(removal?.[0])).toMatch(/\/api\/v1\/products\/1\/interest$/);
    expect(JSON.parse(String(removal?.[1]?.body))).toEqual({
      visitor_id: expect.stringMatching(/^[A-Za-z0-9_-]{16,64}$/),
    });
    // Removing asks the list no new question.
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('ids='))).toHaveLength(1);
  });

  it('removes an item no longer listed although the server has no interest to take back', async () => {
    const user = userEvent.setup();
    saveItem(aProduct({ id: 4, name: 'Gone console' }));
    mockApi([
      [/GET \/api\/v1\/products\?ids=4$/, () => json(list([]))],
      [/DELETE \/api\/v1\/products\/4\/interest$/, () => json({ message: 'Product not found' }, 404)],
    ]);
    renderWithRouter(<SavedPage />, '/saved');
    await user.click(await screen.findByRole('button', { name: 'Remove Gone console from saved items' }));
    expect(await screen.findByText('No saved items yet')).toBeInTheDocument();
    expect(getSavedItems()).toEqual([]);
  });

  it('keeps the item when removing fails, and says so', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    saveItem(aProduct({ id: 1, name: 'Phone one' }));
    mockApi([
      [/GET \/api\/v1\/products\?ids=1$/, () => json(list([aProduct({ id: 1, name: 'Phone one' })]))],
      [/DELETE/, () => json({ message: 'Too many requests' }, 429)],
    ]);
    renderWithRouter(<SavedPage />, '/saved');
    await user.click(await screen.findByRole('button', { name: 'Remove Phone one from saved items' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not remove it. Please try again.');
    expect(screen.getByRole('link', { name: 'Phone one' })).toBeInTheDocument();
    expect(getSavedItems().map((item) => item.id)).toEqual([1]);
  });

  it('offers to try again when the check fails, rather than calling the items gone', async () => {
    const user = userEvent.setup();
    saveItem(aProduct({ id: 1, name: 'Phone one' }));
    let calls = 0;
    mockApi([
      [
        /GET \/api\/v1\/products\?ids=1$/,
        () =>
          ++calls === 1
            ? json({ message: 'Internal Server Error' }, 500)
            : json(list([aProduct({ id: 1, name: 'Phone one' })])),
      ],
    ]);
    renderWithRouter(<SavedPage />, '/saved');
    expect(await screen.findByText('Could not check your saved items.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'No longer listed' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Phone one' })).toBeInTheDocument();
  });
});
