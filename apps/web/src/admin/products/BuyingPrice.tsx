import { formatMoney } from '@marketplace/shared';

/** A price as typed, in whole kwacha; null while the field is empty or not (yet) a valid price. */
function typed(value: string | undefined): number | null {
  const text = value?.trim() ?? '';
  return /^\d{1,12}$/.test(text) ? Number(text) : null;
}

/** formatMoney drops the sign; a loss must read as one. */
const signed = (amount: number) => (amount < 0 ? `−${formatMoney(-amount)}` : formatMoney(amount));

interface BuyingPriceProps {
  /** What we paid the seller (the accepted offer). */
  buyingPrice: number;
  /** The price and sale price fields as typed, so the margin follows the edit. */
  price: string | undefined;
  salePrice: string | undefined;
  className?: string;
}

/** Items bought from a seller: what we paid, read-only, and the margin at the price being set. */
export function BuyingPrice({ buyingPrice, price, salePrice, className = '' }: BuyingPriceProps) {
  const selling = typed(price);
  const sale = typed(salePrice);
  const margin = selling === null ? null : selling - buyingPrice;
  const saleMargin = sale === null ? null : sale - buyingPrice;
  const loss = (margin ?? 0) < 0 || (saleMargin ?? 0) < 0;
  return (
    <div
      className={`rounded-md border border-stone-200 bg-stone-50 px-3 py-2 text-sm text-stone-800 ${className}`}
      data-testid="buying-price"
    >
      <p>{`Bought from the seller for ${formatMoney(buyingPrice)}`}</p>
      {margin !== null && (
        <p className={loss ? 'font-medium text-red-800' : 'font-medium text-stone-900'}>
          {`Margin: ${signed(margin)}`}
          {saleMargin !== null && `, ${signed(saleMargin)} at the sale price`}
          {loss && ' (below what we paid)'}
        </p>
      )}
    </div>
  );
}
