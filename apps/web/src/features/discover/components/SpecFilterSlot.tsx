import { useEffect, useState, type ComponentType } from 'react';
import type { DiscoverFilters } from '../filters';
import type { SpecSelectsProps } from './SpecSelects';

const loadSelects = () => import('./SpecSelects');

/**
 * Where the brand, storage and RAM filters go (decision 0069). Their code loads when the filters are first
 * opened, so discover's first screen carries none of it (decision 0006); until then the chosen values ride
 * along as hidden fields, so applying other filters (even before the page's code runs) keeps them.
 */
export function SpecFilterSlot({ current, open }: { current: DiscoverFilters; open: boolean }) {
  const [Selects, setSelects] = useState<ComponentType<SpecSelectsProps> | null>(null);
  useEffect(() => {
    if (!open || Selects) return;
    let live = true;
    void loadSelects().then((module) => live && setSelects(() => module.SpecSelects));
    return () => {
      live = false;
    };
  }, [open, Selects]);
  if (Selects) return <Selects current={current} load={open} />;
  return (
    <>
      {(['brand', 'storage', 'ram'] as const).map(
        (name) => current[name] && <input key={name} type="hidden" name={name} value={current[name]} />,
      )}
    </>
  );
}
