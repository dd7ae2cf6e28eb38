import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aProduct } from '../../../test/products';
import { ShareItem } from './ShareItem';

const product = aProduct({ id: 7, name: 'Samsung Galaxy A14', price: 185000, sale_price: 170000 });
const url = `${window.location.origin}/product/7`;
const text = 'Samsung Galaxy A14 for MWK 185,000 on Marketplace Malawi';

/** Gives this jsdom a share sheet (phones have one; jsdom, like desktop Linux browsers, has none). */
function withShareSheet(share: (data: ShareData) => Promise<void>) {
  const mock = vi.fn(share);
  Object.defineProperty(navigator, 'share', { value: mock, configurable: true });
  return mock;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
  vi.restoreAllMocks();
});

describe('ShareItem', () => {
  it('opens the phone’s share sheet with the name, the price and the link', async () => {
    const user = userEvent.setup();
    const share = withShareSheet(() => Promise.resolve());
    render(<ShareItem product={product} />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({ title: 'Samsung Galaxy A14', text, url });
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
  });

  it('stays quiet when the sheet is closed, and falls back to the buttons when the browser refuses', async () => {
    const user = userEvent.setup();
    const share = withShareSheet(() => Promise.reject(new DOMException('Share canceled', 'AbortError')));
    render(<ShareItem product={product} />);
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();

    share.mockImplementation(() => Promise.reject(new DOMException('Not allowed', 'NotAllowedError')));
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Share on WhatsApp/ })).toBeInTheDocument();
  });

  it('without a share sheet offers WhatsApp with the item’s text and link', () => {
    render(<ShareItem product={product} />);
    const whatsapp = screen.getByRole('link', { name: 'Share on WhatsApp' });
    expect(whatsapp).toHaveAttribute('href', `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`);
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(whatsapp).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });

  it('copies the link and says so in a live region', async () => {
    const user = userEvent.setup();
    render(<ShareItem product={product} />);
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(status).toHaveTextContent('Link copied');
  });

  it('says where to copy from when there is no clipboard', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    render(<ShareItem product={product} />);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Could not copy: copy the link from the address bar.'),
    );
  });
});
