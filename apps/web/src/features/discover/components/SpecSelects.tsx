import { sizeLabel } from '@marketplace/shared';
import { useAsync } from '../../../lib/use-async';
import { useI18n } from '../../../i18n/context';
import { fetchSpecs } from '../api';
import type { DiscoverFilters } from '../filters';

const SELECT = 'mt-1 block min-h-11 w-full rounded-md border border-stone-400 bg-white px-2 text-base text-stone-900';

/**
 * The brand, storage and RAM filters (decision 0069): the brands and sizes of items on sale, asked for only
 * once the filters are opened (`load`), like the towns; its code loads then too (SpecFilterSlot). A chosen value is an option even before (or
 * without) the list. Plain selects in the GET form: they work before the page's code has loaded.
 */
export interface SpecSelectsProps {
  current: DiscoverFilters;
  load: boolean;
}

export function SpecSelects({ current, load }: SpecSelectsProps) {
  const i18n = useI18n();
  const specs = useAsync(load ? 'specs' : 'specs:later', (signal) =>
    load ? fetchSpecs(signal) : Promise.resolve({ brands: [], storage_gb: [], ram_gb: [] }),
  );
  const listed = specs.status === 'success' ? specs.data : { brands: [], storage_gb: [], ram_gb: [] };
  const brands =
    current.brand && !listed.brands.some((b) => b.toLowerCase() === current.brand!.toLowerCase())
      ? [current.brand, ...listed.brands]
      : listed.brands;
  const sizes = (values: number[], chosen: string | undefined) =>
    chosen && !values.includes(Number(chosen)) ? [Number(chosen), ...values] : values;
  const chosenBrand = brands.find((b) => b.toLowerCase() === current.brand?.toLowerCase()) ?? '';
  return (
    <>
      <label className="text-sm text-stone-700">
        {i18n._('Brand')}
        <select name="brand" defaultValue={chosenBrand} key={`brand:${brands.join('|')}`} className={SELECT}>
          <option value="">{i18n._('Any brand')}</option>
          {brands.map((brand) => (
            <option key={brand} value={brand}>
              {brand}
            </option>
          ))}
        </select>
      </label>
      <div className="flex gap-2">
        <SizeSelect
          name="storage"
          label={i18n._('Storage')}
          any={i18n._('Any storage')}
          values={sizes(listed.storage_gb, current.storage)}
          current={current.storage}
        />
        <SizeSelect
          name="ram"
          label={i18n._('RAM')}
          any={i18n._('Any RAM')}
          values={sizes(listed.ram_gb, current.ram)}
          current={current.ram}
        />
      </div>
    </>
  );
}

function SizeSelect(props: {
  name: string;
  label: string;
  any: string;
  values: number[];
  current: string | undefined;
}) {
  return (
    <label className="flex-1 text-sm text-stone-700">
      {props.label}
      <select
        name={props.name}
        defaultValue={props.current ?? ''}
        key={`${props.name}:${props.values.join('|')}`}
        className={SELECT}
      >
        <option value="">{props.any}</option>
        {props.values.map((gb) => (
          <option key={gb} value={gb}>
            {sizeLabel(gb)}
          </option>
        ))}
      </select>
    </label>
  );
}
