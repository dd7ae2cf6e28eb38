import { useI18n } from '../../../i18n/context';
import { LazySendButton } from './LazySendButton';

/** "Report this item" (docs/decisions/0058): a reason and an optional note, in a dialog loaded on the first tap. */
export function ReportItem({ productId }: { productId: number }) {
  const i18n = useI18n();
  return (
    <LazySendButton
      label={i18n._('Report this item')}
      load={async () => {
        const { ReportDialog } = await import('./ReportDialog');
        return (props) => <ReportDialog productId={productId} {...props} />;
      }}
    />
  );
}
