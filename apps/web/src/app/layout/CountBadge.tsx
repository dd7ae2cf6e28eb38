/** A top-bar link drawn as an icon with a count badge: a 44 px target even with its words hidden. */
export const countLinkClass = 'nav-item relative min-w-11 justify-center gap-2 px-2 aria-[current=page]:no-underline';

/** The number on a top-bar icon (the basket's items, the saved items). */
export function CountBadge({ count, testId }: { count: number; testId: string }) {
  return (
    <span
      data-testid={testId}
      className="absolute -top-2 -right-2.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-teal-700 px-1 text-xs leading-none font-bold text-white"
    >
      {count}
    </span>
  );
}
