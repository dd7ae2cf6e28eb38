import { AlertButton } from '../../../components/alerts/AlertButton';
import { useI18n } from '../../../i18n/context';

/** "Tell me if the price drops or it is back on sale": an SMS alert for a saved item (docs/product.md#alerts). */
export function ItemAlertButton({ id }: { id: number }) {
  const i18n = useI18n();
  return (
    <AlertButton
      target={{ kind: 'item', product_id: id }}
      label={i18n._('Tell me if the price drops or it is back on sale')}
      className="btn w-full border border-teal-700 bg-white px-2 text-sm text-teal-800 hover:bg-teal-50"
    />
  );
}
