import type { PublicProduct } from '@marketplace/shared';
import { useI18n } from '../../../i18n/context';
import { LazySendButton } from './LazySendButton';

/**
 * A buyer in another town asks for the item at their nearest shop (docs/decisions/0062). Offered only for an item
 * a shop holds and anyone could order now: not sold, reserved or already on its way.
 */
export function AskStockRequest({ product }: { product: PublicProduct }) {
  const i18n = useI18n();
  if (!product.shop || product.sold || product.reserved || product.in_transit) return null;
  return (
    <LazySendButton
      label={i18n._('Not in {town}? Ask for it at your shop', { town: product.shop.town })}
      load={async () => {
        const { StockRequestDialog } = await import('./StockRequestDialog');
        return (props) => <StockRequestDialog product={product} {...props} />;
      }}
    />
  );
}
