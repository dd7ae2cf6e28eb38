import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { PhotosOnTap } from '../lib/data-saver';
import { CARD_IMAGE, CARD_SIZES, CARD_SRCSET } from '../lib/images';
import { ProductImage } from './ProductImage';

const BOX = 'aspect-[4/5] w-full';

function renderSaving(ui: ReactElement) {
  return render(<PhotosOnTap value={true}>{ui}</PhotosOnTap>);
}

describe('ProductImage under data saver', () => {
  it('shows a placeholder of the same box, asks for nothing, and loads the photo at its slot size on tap', async () => {
    renderSaving(
      <ProductImage
        file="phone.webp"
        alt="Tecno Spark 10"
        size={CARD_IMAGE}
        srcSet={CARD_SRCSET}
        sizes={CARD_SIZES}
        priority
        className={BOX}
      />,
    );
    const placeholder = screen.getByRole('button', { name: 'Tap to show photo of Tecno Spark 10' });
    // The box the photo will fill, so nothing moves when it arrives.
    expect(placeholder.parentElement).toHaveClass('aspect-[4/5]', 'w-full');
    expect(placeholder).toHaveTextContent('Tap to show photo');
    expect(document.querySelector('img')).toBeNull();
    // The page's main picture is not preloaded either.
    expect(document.querySelector('link[rel="preload"]')).toBeNull();

    await userEvent.click(placeholder);
    const photo = screen.getByRole('img', { name: 'Tecno Spark 10' });
    expect(photo).toHaveAttribute('src', '/api/images/phone.webp?w=400&h=500&fit=cover&q=80');
    expect(photo).toHaveAttribute('srcset', expect.stringContaining('w=200&h=250'));
    expect(photo).toHaveAttribute('loading', 'eager');
    expect(photo).toHaveClass('aspect-[4/5]', 'w-full');
  });

  it('keeps showing photos once tapped when the gallery moves to the next one', async () => {
    const { rerender } = renderSaving(<ProductImage file="a.webp" alt="Photo 1" size={CARD_IMAGE} className={BOX} />);
    await userEvent.click(screen.getByRole('button', { name: /Tap to show photo/ }));
    rerender(
      <PhotosOnTap value={true}>
        <ProductImage file="b.webp" alt="Photo 2" size={CARD_IMAGE} className={BOX} />
      </PhotosOnTap>,
    );
    expect(screen.getByRole('img', { name: 'Photo 2' })).toHaveAttribute('src', expect.stringContaining('/b.webp?'));
  });

  it('inside a link, is a plain placeholder: no button nested in a link', () => {
    renderSaving(
      <ProductImage file="phone.webp" alt="Tecno Spark 10" size={CARD_IMAGE} tapToShow={false} className={BOX} />,
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('img', { name: 'Tecno Spark 10: photo not loaded (data saver)' }).tagName).toBe('DIV');
  });

  it('changes nothing without data saver, or for a product with no photo', () => {
    render(<ProductImage file="phone.webp" alt="Tecno Spark 10" size={CARD_IMAGE} className={BOX} />);
    expect(screen.getByRole('img', { name: 'Tecno Spark 10' }).tagName).toBe('IMG');
    renderSaving(<ProductImage file={null} alt="Radio" size={CARD_IMAGE} className={BOX} />);
    expect(screen.getByRole('img', { name: 'Radio: no photo' })).toBeInTheDocument();
  });
});
