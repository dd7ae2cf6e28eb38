/**
 * The lock a move and an order's hold both take for the item (decision 0062): the order takes it after its
 * hold is written and reads the item again, the move takes it before it looks for holds, so on PostgreSQL
 * one of the two always sees the other's committed write and exactly one wins.
 */
export function moveLockKeys(ids: number[]): string[] {
  return ids.map((id) => `product-move:${id}`);
}
