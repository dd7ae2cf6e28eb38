import { useState } from 'react';
import { removeSaved } from '../api';
import { useI18n } from '../../../i18n/context';

interface RemoveSavedButtonProps {
  id: number;
  name: string;
  onRemoved: (name: string) => void;
}

/** Remove from the saved list, which also unmarks Interested. On failure the item stays, with a word why. */
export function RemoveSavedButton({ id, name, onRemoved }: RemoveSavedButtonProps) {
  const i18n = useI18n();
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  async function remove() {
    if (pending) return;
    setPending(true);
    setFailed(false);
    try {
      await removeSaved(id);
      // The item, and this button with it, leaves the list now: nothing more to set here.
      onRemoved(name);
    } catch (error) {
      console.error('Could not remove a saved item', error);
      setFailed(true);
      setPending(false);
    }
  }

  return (
    <div className="space-y-1">
      <button
        type="button"
        onClick={() => void remove()}
        // Not `disabled`: that would drop keyboard focus mid-request. A tap while removing is ignored.
        aria-disabled={pending}
        className="btn w-full border border-stone-300 bg-white px-2 text-sm text-stone-800 hover:border-red-700 hover:text-red-700 aria-disabled:cursor-wait"
      >
        {i18n._('Remove')}
        <span className="sr-only"> {i18n._('{name} from saved items', { name })}</span>
      </button>
      {failed && (
        <p className="text-sm text-red-700" role="alert">
          {i18n._('Could not remove it. Please try again.')}
        </p>
      )}
    </div>
  );
}
