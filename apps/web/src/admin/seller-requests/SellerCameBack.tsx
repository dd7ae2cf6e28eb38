import { useQuery } from '@tanstack/react-query';
import { RETURN_RATE_DAYS } from '@marketplace/shared';
import { cameBackText } from '../components/came-back';
import { cameBackQuery } from './api';

/**
 * "Items of this seller that came back: 2 of 9 (22%)": a seller whose items often come back is worth knowing before
 * the next offer (issue 38). The seller is the request's phone or seller account; the items, those sold lately.
 */
export function SellerCameBack({ id }: { id: number }) {
  const figure = useQuery(cameBackQuery(id));
  const text = figure.data ? cameBackText(figure.data) : figure.error ? 'could not be counted' : 'counting…';
  return (
    <p className="mt-3 text-sm text-stone-800" data-testid="seller-came-back">
      {'Items of this seller that came back: '}
      <strong className="font-semibold tabular-nums">{text}</strong>
      <span className="text-stone-600">{`, of those sold in the last ${RETURN_RATE_DAYS} days`}</span>
    </p>
  );
}
