import { isConditionGrade, type ConditionGrade } from '@marketplace/shared';
import { lazy, Suspense } from 'react';

// The estimate's code loads once a category, a name and a grade are there, not with /sell (its first-screen allowance).
const PriceEstimate = lazy(() => import('./PriceEstimate'));

/** /sell's line under the grade: a price range from our own data once the item is categorised, named and graded. */
export function sellEstimateHint({
  name,
  condition,
  category,
}: {
  name: string;
  condition: ConditionGrade | '';
  category: string;
}) {
  if (!category || name.trim().length < 2 || !isConditionGrade(condition)) return null;
  return (
    <Suspense fallback={null}>
      <PriceEstimate name={name.trim()} condition={condition} category={category} />
    </Suspense>
  );
}
