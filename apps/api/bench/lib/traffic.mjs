// Shoppers' traffic shared by bench/cache-mixed.mjs and loadtest/: open-loop pacing and a weighted browsing mix.
import { sleep } from '../../tools/loopback.mjs';

/** `send(n)` `rate` times a second until `until()` is true; resolves with the count when every answer is in. */
export async function openLoop(rate, until, send) {
  const sent = [];
  const start = performance.now();
  let n = 0;
  while (!until()) {
    const due = Math.floor(((performance.now() - start) / 1000) * rate);
    while (n < due) sent.push(send(n++));
    await sleep(5);
  }
  await Promise.all(sent);
  return n;
}

/** True once `seconds` have passed since the call: openLoop's `until` for a run of fixed length. */
export function forSeconds(seconds) {
  const end = performance.now() + seconds * 1000;
  return () => performance.now() >= end;
}

/** One of `list`, the first ones far more often: a popular few, as shoppers look. */
export const pickPopular = (list) => list[Math.floor(Math.random() ** 2 * list.length)];

/** What shoppers search for. */
export const SEARCHES = ['samsung', 'iphone', 'laptop', 'tecno', 'tv', 'hp'];

/** A chooser of one of `mix`'s `[weight, make]` entries by weight, returning what its `make()` returns. */
export function weighted(mix) {
  const total = mix.reduce((sum, [weight]) => sum + weight, 0);
  return () => {
    let at = Math.random() * total;
    for (const [weight, make] of mix) if ((at -= weight) < 0) return make();
    return mix[0][1]();
  };
}
