import { describe, expect, it } from 'vitest';
import { BUSY, BUSY_RETRY_SECONDS, DecodeQueue, QueueBusyError } from './queue.js';

/** A job the test finishes by hand, recording when it started. */
function gate(log: string[], name: string) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    job: async () => {
      log.push(`start ${name}`);
      await opened;
      log.push(`end ${name}`);
      return name;
    },
    open: () => open(),
  };
}

/** Lets every already-settled promise run its continuations (no timers involved). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('DecodeQueue', () => {
  it('runs `active` jobs at once, lines up `waiting`, refuses the next with a 503 naming the wait', async () => {
    const log: string[] = [];
    const queue = new DecodeQueue({ active: 2, waiting: 1, memoryBytes: 100 });
    const [a, b, c] = [gate(log, 'a'), gate(log, 'b'), gate(log, 'c')];
    const running = [queue.run(a.job), queue.run(b.job), queue.run(c.job)];
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    expect(queue.full).toBe(true);
    expect(queue.stats).toMatchObject({ running: 2, waiting: 1 });

    const refused = await queue.run(async () => 'd').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(QueueBusyError);
    expect(refused).toMatchObject({
      status: 503,
      message: BUSY,
      headers: { 'Retry-After': String(BUSY_RETRY_SECONDS) },
    });
    expect(BUSY).toBe('The server is busy processing photos. Please try again in a moment.');

    b.open();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']); // c takes b's turn
    expect(queue.full).toBe(false);
    a.open();
    c.open();
    expect(await Promise.all(running)).toEqual(['a', 'b', 'c']);
    expect(queue.stats).toEqual({ running: 0, waiting: 0, reservedBytes: 0 });
  });

  it('frees the turn of a job that fails', async () => {
    const queue = new DecodeQueue({ active: 1, waiting: 0, memoryBytes: 100 });
    await expect(queue.run(async () => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    expect(queue.full).toBe(false);
    expect(await queue.run(async () => 'next')).toBe('next');
  });

  it('never has more than `active` jobs running, however many arrive', async () => {
    const queue = new DecodeQueue({ active: 2, waiting: 6, memoryBytes: 100 });
    let now = 0;
    let most = 0;
    const gates: Array<() => void> = [];
    const job = async () => {
      most = Math.max(most, ++now);
      await new Promise<void>((resolve) => gates.push(resolve));
      now--;
    };
    const outcomes = Promise.allSettled(Array.from({ length: 50 }, () => queue.run(job)));
    await settle();
    // Finish the running jobs one by one; each finish hands its turn to the next in line.
    while (gates.length > 0) {
      gates.shift()!();
      await settle();
    }
    const results = await outcomes;
    expect(most).toBe(2);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(8);
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof QueueBusyError)).toHaveLength(42);
  });

  it('lets decodes share the memory budget: small ones together, a large one waits for the other', async () => {
    const log: string[] = [];
    const queue = new DecodeQueue({ active: 2, waiting: 2, memoryBytes: 100 });
    const [small1, small2] = [gate(log, 'small1'), gate(log, 'small2')];
    const both = [queue.run(() => queue.withMemory(40, small1.job)), queue.run(() => queue.withMemory(40, small2.job))];
    await settle();
    expect(log).toEqual(['start small1', 'start small2']);
    expect(queue.stats.reservedBytes).toBe(80);
    small1.open();
    small2.open();
    await Promise.all(both);

    const [big, next] = [gate(log, 'big'), gate(log, 'next')];
    const later = [queue.run(() => queue.withMemory(90, big.job)), queue.run(() => queue.withMemory(20, next.job))];
    await settle();
    expect(log.slice(4)).toEqual(['start big']); // 90 + 20 > 100: 'next' has its turn but waits for memory
    expect(queue.stats).toMatchObject({ running: 2, reservedBytes: 90 });
    big.open();
    await settle();
    expect(log.slice(4)).toEqual(['start big', 'end big', 'start next']);
    next.open();
    await Promise.all(later);
    expect(queue.stats).toEqual({ running: 0, waiting: 0, reservedBytes: 0 });
  });

  it('runs a decode over the whole budget alone rather than never', async () => {
    const queue = new DecodeQueue({ active: 1, waiting: 0, memoryBytes: 100 });
    expect(await queue.run(() => queue.withMemory(500, async () => 'done'))).toBe('done');
    expect(queue.stats.reservedBytes).toBe(0);
  });

  it('admits submissions by places and upload bytes, turns away what does not fit, and takes back what is given', () => {
    const queue = new DecodeQueue({ active: 1, waiting: 2, memoryBytes: 100, uploadBytes: 100 });
    const a = queue.admit(60)!;
    expect(a.bytes).toBe(60);
    expect(queue.admit(50)).toBeNull(); // 60 + 50 > 100
    const b = queue.admit(40)!;
    expect(queue.held).toEqual({ places: 2, uploadBytes: 100 });
    expect(queue.full).toBe(false);
    expect(queue.admit(1)).toBeNull(); // a place is free, the bytes are not

    b.shrink(10); // its files took 10 bytes, not the 40 it might have sent
    expect([b.bytes, queue.held.uploadBytes]).toEqual([10, 70]);
    b.shrink(20); // never grows
    expect(queue.held.uploadBytes).toBe(70);
    const c = queue.admit(30)!;
    expect(queue.full).toBe(true);
    expect(queue.admit(0)).toBeNull(); // every place taken
    expect(queue.held).toEqual({ places: 3, uploadBytes: 100 });

    a.release();
    a.release(); // twice is harmless
    a.shrink(0);
    expect(queue.held).toEqual({ places: 2, uploadBytes: 40 });
    b.release();
    c.release();
    expect(queue.held).toEqual({ places: 0, uploadBytes: 0 });
    // Alone, a submission gets its place whatever it may send.
    const alone = queue.admit(500)!;
    expect(queue.held.uploadBytes).toBe(500);
    expect(queue.admit(0)).not.toBeNull();
    expect(queue.admit(1)).toBeNull();
    alone.release();
  });

  it('counts the places of admitted submissions against run(), and runs them in turn without refusing them', async () => {
    const log: string[] = [];
    const queue = new DecodeQueue({ active: 1, waiting: 1, memoryBytes: 100, uploadBytes: 100 });
    const first = queue.admit(10)!;
    const second = queue.admit(10)!;
    // Both places are held while their files arrive: a job without a place is refused.
    expect(await queue.run(async () => 'x').catch((e: unknown) => e)).toBeInstanceOf(QueueBusyError);

    const [a, b] = [gate(log, 'a'), gate(log, 'b')];
    const running = [first.run(a.job), second.run(b.job)];
    await settle();
    expect(log).toEqual(['start a']); // one turn: the second waits for it
    expect(queue.stats).toMatchObject({ running: 1, waiting: 1 });
    await expect(first.run(async () => 'again')).rejects.toThrow(/runs once/);
    a.open();
    await settle();
    expect(log).toEqual(['start a', 'end a', 'start b']);
    b.open();
    expect(await Promise.all(running)).toEqual(['a', 'b']);
    expect(queue.held).toEqual({ places: 2, uploadBytes: 20 }); // a place is held until released
    first.release();
    second.release();
    expect(queue.held).toEqual({ places: 0, uploadBytes: 0 });
    expect(queue.stats).toEqual({ running: 0, waiting: 0, reservedBytes: 0 });
    await expect(first.run(async () => 'late')).rejects.toThrow(/runs once/);
  });
});
