import { Fragment } from 'react';
import {
  addToInventorySchema,
  CONDITION_LABELS,
  suggestSpecs,
  formatMoney,
  type SellerRequest,
} from '@marketplace/shared';
import { CategoryOptions, PRODUCT_OPTIONS_ERROR, ShopOptions, useProductOptions } from '../components/ProductOptions';
import { ActionModal } from '../components/ActionModal';
import { SpecFields, specTexts } from '../components/SpecFields';
import { LoadError } from '../components/status';
import { SelectField, TextField } from '../components/ui';
import { useActionForm } from '../use-schema-form';
import type { ActionDialogProps } from './ActionDialogs';
import { sellerActions } from './api';
import { estimateLine, useRequestEstimates } from './RequestEstimates';

/**
 * A shop and a category are both required (docs/product.md#validation); with neither chosen the screen says so once
 * more.
 */
const BOTH_MISSING = 'Please select both shop and category.';

/** What we pay the seller: the offer they accepted. */
function buyingPrice(request: SellerRequest): number | undefined {
  return request.offers.findLast((offer) => offer.answer === 'accepted')?.amount;
}

/** Add to Inventory: the shop, the category and the selling price, with what we paid and what buyers paid. */
export function InventoryDialog({ request, busy, onCancel, run }: ActionDialogProps) {
  const options = useProductOptions();
  // Empty: staff type the selling price with the buying price and the estimate in view (issue 25). The
  // category starts at the one the seller chose, if any.
  const { form, field, markFields } = useActionForm(addToInventorySchema, {
    shop_id: '',
    category_id: request.category ? String(request.category.id) : '',
    price: '',
    // Suggested from what the seller wrote; staff check it with the item in hand (decision 0069).
    ...specTexts(suggestSpecs(request.item_name, request.description ?? '')),
  });
  const { errors } = form.formState;
  const bothMissing = Boolean(errors.shop_id && errors.category_id);
  const [category, typed] = form.watch(['category_id', 'price']);
  const buying = buyingPrice(request);
  const estimates = useRequestEstimates(request.id, /^\d+$/.test(String(category)) ? Number(category) : null);
  const selling = /^\d+$/.test(String(typed).trim()) ? Number(String(typed).trim()) : undefined;
  const atALoss = buying !== undefined && selling !== undefined && selling <= buying;
  return (
    <ActionModal
      title="Add to Inventory"
      description={`“${request.item_name}” becomes a published product of the chosen shop, with its photos${request.condition ? ` and the grade ${CONDITION_LABELS[request.condition]}` : ''}.`}
      busy={busy}
      onCancel={onCancel}
      onSubmit={form.handleSubmit(async ({ shop_id, category_id, price, brand, storage_gb, ram_gb }) =>
        markFields(
          await run('addToInventory', () =>
            sellerActions.addToInventory(request.id, { shop_id, category_id, price, brand, storage_gb, ram_gb }),
          ),
        ),
      )}
    >
      {bothMissing && (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
        >
          {BOTH_MISSING}
        </p>
      )}
      {options.error && !options.data ? (
        <LoadError error={options.error} fallback={PRODUCT_OPTIONS_ERROR} onRetry={() => void options.refetch()} />
      ) : (
        // Made again once the options arrive: a select shows no value it has no option for, so the seller's
        // category, set before its option existed, shows only then.
        <Fragment key={options.data ? 'options' : 'loading'}>
          <SelectField label="Shop" disabled={!options.data} {...field('shop_id')}>
            <ShopOptions shops={options.data?.shops ?? []} />
          </SelectField>
          <SelectField label="Category" disabled={!options.data} {...field('category_id')}>
            <CategoryOptions categories={options.data?.categories ?? []} />
          </SelectField>
          <TextField
            label="Selling price (MWK)"
            inputMode="numeric"
            autoComplete="off"
            hint={
              <>
                <span className="block">
                  Buying price: {buying === undefined ? 'no accepted offer' : formatMoney(buying)}
                </span>
                <span className="block" data-testid="sale-estimate">
                  Buyers paid: {estimateLine(estimates?.sale, 'sales')}
                </span>
              </>
            }
            {...field('price')}
          />
          <SpecFields field={field} />
          {atALoss && (
            <p
              role="alert"
              className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
            >
              {`This selling price is not above the buying price of ${formatMoney(buying)}: the shop would lose money.`}
            </p>
          )}
        </Fragment>
      )}
    </ActionModal>
  );
}
