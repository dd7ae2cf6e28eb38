import { useI18n } from '../i18n/context';
import { translateKnown } from '../i18n/labels';

/** The form's refusal above its button (its `root` error: the server's words or ours), in the reader's language. */
export function FormRefusal({ message }: { message: string | undefined }) {
  const i18n = useI18n();
  if (!message) return null;
  return (
    <p role="alert" className="text-sm font-medium text-red-700">
      {translateKnown(i18n, message)}
    </p>
  );
}
