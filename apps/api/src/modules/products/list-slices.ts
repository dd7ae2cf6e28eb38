import type { ConditionGrade } from '@marketplace/shared';
import type { Engine } from '../../db/database.js';
import type { SearchField } from './repository/search.js';
import type { SearchQuery } from './search-query.js';

// What the public lists hold (their SQL is repository/list-slices.ts; listing.ts decides which to run).

/** What a list holds, whatever its order. */
export interface Scope {
  engine: Engine;
  published: boolean;
  categoryId: number | undefined;
  availableOnly: boolean;
  minPrice: number | undefined;
  maxPrice: number | undefined;
  town: string | undefined;
  condition: ConditionGrade | undefined;
  /** Brand as asked (compared without case), storage and memory in whole GB (decision 0069). */
  brand: string | undefined;
  storageGb: number | undefined;
  ramGb: number | undefined;
  /** One shop's products: the back-office of Shop staff (docs/decisions/0061). */
  shopId: number | undefined;
  query: SearchQuery;
}

/** A scope's matches in one field; `notNamed` keeps those whose name and category did not match. */
export interface Slice {
  scope: Scope;
  field: SearchField;
  notNamed?: boolean;
}

/** A match before its row is read: what the lists sort by. */
export interface Found {
  id: number;
  created_at: string;
  price: number;
}

export function scopeOf(
  engine: Engine,
  filter: {
    includeUnpublished?: boolean;
    availableOnly?: boolean;
    minPrice?: number | undefined;
    maxPrice?: number | undefined;
    town?: string | undefined;
    condition?: ConditionGrade | undefined;
    brand?: string | undefined;
    storageGb?: number | undefined;
    ramGb?: number | undefined;
    shopId?: number | undefined;
  },
  categoryId: number | undefined,
  query: SearchQuery,
): Scope {
  return {
    engine,
    published: !filter.includeUnpublished,
    categoryId,
    availableOnly: filter.availableOnly ?? false,
    minPrice: filter.minPrice,
    maxPrice: filter.maxPrice,
    town: filter.town?.trim().toLowerCase() || undefined,
    condition: filter.condition,
    brand: filter.brand?.trim() || undefined,
    storageGb: filter.storageGb,
    ramGb: filter.ramGb,
    shopId: filter.shopId,
    query,
  };
}

/** Whether the buyer narrowed the list (price, town, condition, brand, sizes): then no counter holds its total. */
export function hasFilters(scope: Scope): boolean {
  return (
    scope.minPrice !== undefined ||
    scope.maxPrice !== undefined ||
    scope.town !== undefined ||
    scope.condition !== undefined ||
    scope.brand !== undefined ||
    scope.storageGb !== undefined ||
    scope.ramGb !== undefined ||
    scope.shopId !== undefined
  );
}
