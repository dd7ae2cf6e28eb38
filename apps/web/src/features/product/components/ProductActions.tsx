import type { PublicProduct } from '@marketplace/shared';
import { AskStockRequest } from './AskStockRequest';
import { ReportItem } from './ReportItem';
import { ShareItem } from './ShareItem';

/** Below the details: share, ask for it in another town, report it. In the details' chunk, not the first screen's. */
export function ProductActions({ product }: { product: PublicProduct }) {
  return (
    <>
      <ShareItem product={product} />
      <div className="mt-4 space-y-1 md:ml-auto md:w-[calc(50%-1.25rem)]">
        <AskStockRequest product={product} />
        <ReportItem productId={product.id} />
      </div>
    </>
  );
}
