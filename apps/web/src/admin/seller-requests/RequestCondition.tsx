import { requestConditionSchema, type SellerRequest } from '@marketplace/shared';
import { ConditionChoice } from '../../components/ConditionChoice';
import { errorMessage, errorStatus } from '../../lib/api-client';
import { CardForm } from '../components/CardForm';
import { applyFieldErrors } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../toasts';
import { useSchemaForm } from '../use-schema-form';
import { SELLER_ERRORS, setRequestCondition } from './api';

interface RequestConditionProps {
  request: SellerRequest;
  onChanged: (next: SellerRequest) => void;
  /** Someone else changed the request meanwhile: show it as it is now. */
  onStale: () => void;
}

/**
 * The grade the seller chose, which staff correct once they have the item in hand. Add to inventory gives
 * the product this grade; after that the product keeps its own (edited on the product).
 */
export function RequestCondition({ request, onChanged, onStale }: RequestConditionProps) {
  const { form, field } = useSchemaForm(requestConditionSchema, { condition: request.condition ?? '' });
  const { error, ...condition } = field('condition');
  const { isSubmitting, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const next = await setRequestCondition(request.id, values.condition);
      notifySuccess('Condition saved');
      onChanged(next);
    } catch (failure) {
      notifyError(errorMessage(failure, SELLER_ERRORS.condition));
      applyFieldErrors(failure, form.setError, ['condition']);
      if (errorStatus(failure) === 409 || errorStatus(failure) === 404) onStale();
    }
  });

  return (
    <CardForm
      title="Condition"
      onSubmit={(event) => void onSubmit(event)}
      submitLabel="Save condition"
      submitting={isSubmitting}
      pristine={!isDirty}
    >
      <ConditionChoice
        legend="Grade (set or correct it once you have seen the item)"
        input={condition}
        error={error}
        allowNotGraded
        disabled={isSubmitting}
      />
      {request.product_id !== null && (
        <p className="text-sm text-stone-700">
          The product in the inventory keeps its own grade: change it on the product.
        </p>
      )}
    </CardForm>
  );
}
