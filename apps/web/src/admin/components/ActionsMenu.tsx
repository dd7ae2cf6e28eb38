import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from '../../lib/router';

export type MenuItem = { label: string; to: string } | { label: string; onSelect: () => void; danger?: boolean };

/**
 * A row's actions behind one button (disclosure pattern). The list is placed with fixed positioning so a
 * table that scrolls sideways does not clip it; Escape, a click elsewhere or scrolling closes it.
 */
export function ActionsMenu({
  label,
  items,
  children = 'Actions',
}: {
  label: string;
  items: MenuItem[];
  children?: ReactNode;
}) {
  const [place, setPlace] = useState<{ top: number; right: number } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const listId = useId();
  const open = place !== null;

  useEffect(() => {
    if (!open) return;
    const close = () => setPlace(null);
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!listRef.current?.contains(target) && !buttonRef.current?.contains(target)) close();
    };
    // Focus moving elsewhere (Tab out of the list) closes it too.
    const onFocus = (event: FocusEvent) => {
      const target = event.target as Node;
      if (!listRef.current?.contains(target) && !buttonRef.current?.contains(target)) close();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('focusin', onFocus);
    window.addEventListener('resize', close);
    window.addEventListener('scroll', close, true);
    listRef.current?.querySelector<HTMLElement>('a,button')?.focus();
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('focusin', onFocus);
      window.removeEventListener('resize', close);
      window.removeEventListener('scroll', close, true);
    };
  }, [open]);

  function toggle() {
    if (open) {
      setPlace(null);
      return;
    }
    const rect = buttonRef.current?.getBoundingClientRect();
    setPlace({ top: (rect?.bottom ?? 0) + 4, right: Math.max(8, window.innerWidth - (rect?.right ?? 0)) });
  }

  function closeAndFocus() {
    setPlace(null);
    buttonRef.current?.focus();
  }

  // On the button and on every item: focus is on one of them while the list is open.
  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      closeAndFocus();
    }
  }

  const itemStyle = 'block w-full px-3 py-2 text-left text-sm hover:bg-stone-100 focus-visible:bg-stone-100';
  return (
    <div className="inline-block">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={toggle}
        onKeyDown={onKeyDown}
        className="inline-flex min-h-8 items-center gap-1 rounded-md border border-stone-300 bg-white px-2.5 text-xs font-semibold text-stone-800 hover:bg-stone-100"
      >
        {children}
        <svg
          viewBox="0 0 24 24"
          width="16"
          height="16"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
          focusable="false"
        >
          <path d="m6 9 6 6 6-6" />
        </svg>
      </button>
      {place && (
        <ul
          ref={listRef}
          id={listId}
          style={{ top: place.top, right: place.right }}
          className="fixed z-30 min-w-36 overflow-hidden rounded-md border border-stone-200 bg-white py-1 shadow-lg"
        >
          {items.map((item) => (
            <li key={item.label}>
              {'to' in item ? (
                <Link
                  to={item.to}
                  className={`${itemStyle} text-stone-800`}
                  onClick={() => setPlace(null)}
                  onKeyDown={onKeyDown}
                >
                  {item.label}
                </Link>
              ) : (
                <button
                  type="button"
                  className={`${itemStyle} ${item.danger ? 'text-red-700' : 'text-stone-800'}`}
                  onClick={() => {
                    setPlace(null);
                    item.onSelect();
                  }}
                  onKeyDown={onKeyDown}
                >
                  {item.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
