import { useQuery } from '@tanstack/react-query';
import { ESTIMATE_DAYS, formatAmount, formatMoney, type Estimate } from '@marketplace/shared';
import { requestEstimatesQuery } from './api';

/** 'MWK 120,000 - 150,000 (5 accepted offers)', or why there is none: never a made-up figure. */
export function estimateLine(estimate: Estimate | undefined, what: 'offers' | 'sales'): string {
  if (!estimate) return 'Estimate loading…';
  const noun = what === 'offers' ? 'accepted offers' : 'completed sales';
  if (estimate.low === undefined || estimate.high === undefined)
    return `No estimate: fewer than 3 ${noun} of comparable items in ${ESTIMATE_DAYS} days`;
  return `${formatMoney(estimate.low)} - ${formatAmount(estimate.high)} (${estimate.count} ${noun})`;
}

/** The estimates of one request; `categoryId` narrows them to the category chosen for it. */
export function useRequestEstimates(id: number, categoryId: number | null = null) {
  return useQuery(requestEstimatesQuery(id, categoryId)).data;
}

/** What sellers were paid for items like this one, beside its asking price. */
export function OfferEstimate({ id }: { id: number }) {
  const estimates = useRequestEstimates(id);
  return (
    <span className="block text-xs font-normal text-stone-600" data-testid="offer-estimate">
      Sellers were paid: {estimateLine(estimates?.offer, 'offers')}
    </span>
  );
}
