import { Link } from '../../lib/router';
import { td } from '../components/ui';

/** The item a move or a request is about, linked to its product screen. */
export function ProductCell({ id, name }: { id: number; name: string }) {
  return (
    <td className={`${td} font-medium`}>
      <Link to={`/admin/products/${id}`} className="text-teal-800 underline">
        {name}
      </Link>
    </td>
  );
}

/** A shop as staff know it: its name and town ("No shop" for an item that had none). */
export function ShopCell({ shop }: { shop: { name: string; town: string } | null }) {
  return <td className={td}>{shop ? `${shop.name} (${shop.town})` : 'No shop'}</td>;
}
