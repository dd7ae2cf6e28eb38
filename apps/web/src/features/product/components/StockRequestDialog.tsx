import { stockRequestSchema, type PublicProduct } from '@marketplace/shared';
import { useState } from 'react';
import { Field } from '../../../components/FormField';
import { SendDialog } from '../../../components/SendDialog';
import { useI18n } from '../../../i18n/context';
import { loadShops } from '../../../lib/shops';
import { useAsync } from '../../../lib/use-async';
import { sendStockRequest } from '../stock-request-api';
import type { TappedDialogProps } from './LazySendButton';

interface StockRequestDialogProps extends TappedDialogProps {
  product: PublicProduct;
}

/**
 * "Bring it to my town" (docs/decisions/0062): the shop nearest the buyer, their name and phone. The shop holding
 * the item answers by SMS; checked here with the server's own schema so a slip is said before anything is sent.
 */
export function StockRequestDialog({ product, onClose, onSent, onRefused }: StockRequestDialogProps) {
  const i18n = useI18n();
  const shops = useAsync('shops', loadShops);
  const [shopId, setShopId] = useState('');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const choices = shops.status === 'success' ? shops.data.shops.filter((s) => s.id !== product.shop?.id) : [];

  async function send() {
    const checked = stockRequestSchema.safeParse({ buyer_name: name, phone, shop_id: Number(shopId) });
    if (!checked.success) throw new Error(checked.error.issues[0]?.message);
    return sendStockRequest(product.id, checked.data);
  }

  return (
    <SendDialog
      title={i18n._('Bring it to my town')}
      description={i18n._('Choose the shop nearest you. The shop that has it answers by SMS; nothing to pay now.')}
      backLabel={i18n._('Go back')}
      sendLabel={i18n._('Send request')}
      busyLabel={i18n._('Sending…')}
      offlineText={i18n._('We could not reach the shop. Check your connection and try again.')}
      failureText={i18n._('Could not send your request. Please try again.')}
      send={send}
      onClose={onClose}
      onSent={(result) => onSent(result.message)}
      onRefused={onRefused}
    >
      <Field label={i18n._('Shop nearest you')}>
        {(aria) => (
          <select {...aria} name="shop" value={shopId} onChange={(e) => setShopId(e.target.value)}>
            <option value="">{shops.status === 'loading' ? i18n._('Loading shops…') : i18n._('Choose a shop')}</option>
            {choices.map((shop) => (
              <option key={shop.id} value={String(shop.id)}>
                {shop.name}, {shop.town}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={i18n._('Your name')}>
        {(aria) => (
          <input
            {...aria}
            name="buyer_name"
            autoComplete="name"
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        )}
      </Field>
      <Field label={i18n._('Phone number')} hint={i18n._('The answer comes to this phone by SMS.')}>
        {(aria) => (
          <input
            {...aria}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={30}
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
        )}
      </Field>
    </SendDialog>
  );
}
