import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aProduct } from '../../test/products';
import { renderInChichewa } from '../../test/render';
import { SavedNoteLine } from './components/SavedNoteLine';
import { savedNote } from './saved-note';

describe('what changed on a saved item, in Chichewa', () => {
  it('fills the old price into the translated note', () => {
    const note = savedNote(
      { name: 'Phone', price: 200000, reserved: false, sold: false, saved_at: '2026-01-01T00:00:00Z' },
      aProduct({ price: 175000 }),
    );
    renderInChichewa(<>{note && <SavedNoteLine note={note} />}</>, {
      'Price dropped from {price}': 'Mtengo watsika kuchoka pa {price}',
    });
    expect(screen.getByTestId('saved-note')).toHaveTextContent('Mtengo watsika kuchoka pa MWK 200,000');
  });
});
