import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SHOP_STAFF, type SellerRequest } from '@marketplace/shared';
import { errorMessage, errorStatus } from '../../lib/api-client';
import { buttonStyles, wrapping } from '../components/ui';
import { meQuery } from '../auth-api';
import { markStale } from '../query-client';
import { notifyError, notifySuccess } from '../toasts';
import { SELLER_ERRORS, sellerActions, sellerRequestKeys } from './api';

interface ArchiveControlProps {
  request: SellerRequest;
  onChanged: (next: SellerRequest) => void;
  onStale: () => void;
}

/**
 * Archive takes a request out of the default list and keeps everything else (docs/decisions/0082): what staff do
 * with a request money was paid for, which cannot be deleted. Unarchive brings it back.
 */
export function ArchiveControl({ request, onChanged, onStale }: ArchiveControlProps) {
  const queryClient = useQueryClient();
  // Archiving is Admins' and Moderators' (as deleting): the server refuses Shop staff.
  const shopStaff = useQuery(meQuery()).data?.role === SHOP_STAFF;
  const archived = request.archived_at !== null;
  const action = archived ? 'unarchive' : 'archive';
  const toggle = useMutation({
    mutationFn: () => sellerActions[action](request.id),
    onSuccess: (next) => {
      notifySuccess(archived ? 'Seller request back in the list' : 'Seller request archived');
      markStale(queryClient, sellerRequestKeys.all);
      onChanged(next);
    },
    onError: (failure) => {
      notifyError(errorMessage(failure, SELLER_ERRORS[action]));
      if (errorStatus(failure) === 409 || errorStatus(failure) === 404) onStale();
    },
  });
  if (shopStaff) return null;
  return (
    <div className="mt-3 space-y-2 border-t border-stone-200 pt-3 text-sm text-stone-700">
      {archived && <p className="font-medium text-stone-900">Archived: not in the seller requests list.</p>}
      {request.money_recorded && !archived && (
        <p>Money was paid or is being paid for this request, so it cannot be deleted. Archive it instead.</p>
      )}
      <button
        type="button"
        className={`${wrapping(buttonStyles.secondary)} min-h-11`}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate()}
      >
        {archived ? 'Unarchive' : 'Archive'}
      </button>
    </div>
  );
}
