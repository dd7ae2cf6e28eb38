import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '../../lib/router';
import { SellForm } from '../../components/sell-form/SellForm';
import { ApiError, errorMessage, isAbortError } from '../../lib/api-client';
import type { UploadWatch } from '../../lib/upload';
import { PageHeader } from '../components/ui';
import { notifyError, notifySuccess } from '../toasts';
import { usePageTitle } from '../use-page-title';
import { createSellerRequest, SELLER_ERRORS, sellerRequestKeys } from './api';
import { STAFF_SELL_WORDING } from './wording';
import { markStale } from '../query-client';
import { allCategoriesQuery } from '../components/catalogue-options';

/** Staff enter a walk-in seller's item with the /sell form, in the seller wording. */
export function CreateSellerRequestPage() {
  usePageTitle('Create Seller Request');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Every category staff made (the form shows without them while they load).
  const categories = useQuery(allCategoriesQuery()).data?.map((c) => c.name) ?? [];

  async function send(body: FormData, watch: UploadWatch) {
    try {
      await createSellerRequest(body, watch);
      markStale(queryClient, sellerRequestKeys.all);
      notifySuccess('Seller request created successfully');
      navigate('/admin/seller-requests');
    } catch (error) {
      // Cancelled: the form says so itself.
      if (isAbortError(error)) return;
      notifyError(errorMessage(error, SELLER_ERRORS.create));
      return error instanceof ApiError ? error.fieldErrors : undefined;
    }
  }

  return (
    <section>
      <PageHeader title="Create Seller Request">
        <Link to="/admin/seller-requests" className="text-sm font-medium text-teal-800 underline">
          Back to seller requests
        </Link>
      </PageHeader>
      <SellForm
        variant="admin"
        wording={STAFF_SELL_WORDING}
        onSubmit={send}
        submitLabel="Create seller request"
        categories={categories}
        secondaryAction={
          <Link to="/admin/seller-requests" className="btn btn-outline w-full sm:w-auto">
            Cancel
          </Link>
        }
      />
    </section>
  );
}
