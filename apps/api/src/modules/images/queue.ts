import { HttpError } from '../../plugins/errors.js';

export const BUSY = 'The server is busy processing photos. Please try again in a moment.';
/** About the time the queue takes to work through a full waiting line of ordinary submissions. */
export const BUSY_RETRY_SECONDS = 5;

/** The 503 of a full queue, with the Retry-After a client should wait. */
export class QueueBusyError extends HttpError {
  constructor() {
    super(503, BUSY);
    this.headers = { 'Retry-After': String(BUSY_RETRY_SECONDS) };
  }
}

export interface DecodeQueueLimits {
  /** Jobs running at once. */
  active: number;
  /** Jobs waiting for a turn; one more is refused with a 503 at once. */
  waiting: number;
  /** Estimated decode bytes all running jobs may hold together (see decode-cost.ts). */
  memoryBytes: number;
}

/**
 * A bounded line for the work that decodes images. A job runs when one of `active` turns is free, waits
 * in a line of at most `waiting`, or is refused with QueueBusyError. Inside its turn a job reserves the
 * memory each decode is estimated to take; if the other running job holds too much, it waits for it.
 * Nothing is timed: every wait ends when a running job ends, and running jobs wait for nobody's turn,
 * so the line always moves.
 */
export class DecodeQueue {
  private running = 0;
  private readonly line: Array<() => void> = [];
  private reserved = 0;
  private readonly memoryLine: Array<{ bytes: number; go: () => void }> = [];

  constructor(readonly limits: DecodeQueueLimits) {}

  /** No turn is free and the line is full: a new job would be refused. */
  get full(): boolean {
    return this.running >= this.limits.active && this.line.length >= this.limits.waiting;
  }

  get stats() {
    return { running: this.running, waiting: this.line.length, reservedBytes: this.reserved };
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.active) this.running++;
    else if (this.line.length < this.limits.waiting) await new Promise<void>((go) => this.line.push(go)); // the turn is handed over
    else throw new QueueBusyError();
    try {
      return await job();
    } finally {
      const next = this.line.shift();
      if (next) next();
      else this.running--;
    }
  }

  /**
   * Runs `decode` once `bytes` fit beside what the other running jobs reserved (call it inside run()).
   * A job alone always fits, even over the budget: the caller refuses costlier images before this.
   */
  async withMemory<T>(bytes: number, decode: () => Promise<T>): Promise<T> {
    const need = Math.min(bytes, this.limits.memoryBytes);
    if (this.reserved > 0 && (this.memoryLine.length > 0 || this.reserved + need > this.limits.memoryBytes)) {
      await new Promise<void>((go) => this.memoryLine.push({ bytes: need, go }));
    } else {
      this.reserved += need;
    }
    try {
      return await decode();
    } finally {
      this.reserved -= need;
      this.admitWaitingMemory();
    }
  }

  /** First come, first served: the head of the memory line goes when it fits (or when nothing is held). */
  private admitWaitingMemory() {
    for (let head = this.memoryLine[0]; head; head = this.memoryLine[0]) {
      if (this.reserved > 0 && this.reserved + head.bytes > this.limits.memoryBytes) return;
      this.memoryLine.shift();
      this.reserved += head.bytes;
      head.go();
    }
  }
}
