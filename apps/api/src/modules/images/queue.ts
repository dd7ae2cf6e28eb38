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
  /** Places beyond the running jobs: submissions still arriving or waiting for a turn; one more is refused with a 503 at once. */
  waiting: number;
  /** Estimated decode bytes all running jobs may hold together (see decode-cost.ts). */
  memoryBytes: number;
  /** Uploaded bytes all admitted submissions may hold together until decoded (upload.ts keeps them in temporary files); none by default. */
  uploadBytes?: number;
}

/** A submission's place in the queue, taken before its files are read (see DecodeQueue.admit). */
export interface Admission {
  /** The upload bytes this place holds. */
  readonly bytes: number;
  /** Waits for one of the `active` turns, then runs `job`: never refused, the place was taken already. Once per place. */
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Gives back what the place holds beyond `bytes` (once the files arrived, their real size). */
  shrink(bytes: number): void;
  /** Gives the place up, and its bytes. Call it once the files are decoded or refused; twice is harmless. */
  release(): void;
}

/**
 * A bounded line for the work that decodes images. A submission takes a place before its files are read
 * (admit), with the bytes its files may hold: at most `active + waiting` places and `uploadBytes` bytes are
 * held at once, so whatever arrives beyond them is refused with QueueBusyError before anything is kept.
 * With its files in, a place waits for one of `active` turns. Inside its turn a job reserves the memory
 * each decode is estimated to take; if the other running job holds too much, it waits for it. Nothing is
 * timed: every wait ends when a running job ends, and running jobs wait for nobody's turn, so the line
 * always moves.
 */
export class DecodeQueue {
  private running = 0;
  private readonly line: Array<() => void> = [];
  private reserved = 0;
  private readonly memoryLine: Array<{ bytes: number; go: () => void }> = [];
  private places = 0;
  private uploadBytes = 0;

  constructor(readonly limits: DecodeQueueLimits) {}

  /** Every place is taken: a new submission with files would be refused. */
  get full(): boolean {
    return this.places >= this.limits.active + this.limits.waiting;
  }

  get stats() {
    return { running: this.running, waiting: this.line.length, reservedBytes: this.reserved };
  }

  /** Places taken (submissions arriving, waiting or running) and the upload bytes they hold. */
  get held() {
    return { places: this.places, uploadBytes: this.uploadBytes };
  }

  /**
   * Takes a place for a submission whose files may hold up to `bytes`, or null when every place is taken
   * or the bytes do not fit beside those held (nothing always fits). A lone submission always gets a
   * place: the caller caps `bytes` at what one submission may send.
   */
  admit(bytes: number): Admission | null {
    if (this.full) return null;
    if (bytes > 0 && this.places > 0 && this.uploadBytes + bytes > (this.limits.uploadBytes ?? Infinity)) return null;
    this.places++;
    this.uploadBytes += bytes;
    let held = bytes;
    let released = false;
    let ran = false;
    return {
      get bytes() {
        return held;
      },
      run: async <T>(job: () => Promise<T>): Promise<T> => {
        if (released || ran) throw new Error('an admission runs once, before it is released');
        ran = true;
        return this.turn(job);
      },
      shrink: (bytes: number) => {
        if (released || bytes >= held) return;
        this.uploadBytes -= held - Math.max(0, bytes);
        held = Math.max(0, bytes);
      },
      release: () => {
        if (released) return;
        released = true;
        this.places--;
        this.uploadBytes -= held;
      },
    };
  }

  /** Takes a place holding no upload bytes and runs `job` in its turn; refused with QueueBusyError when every place is taken. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    const place = this.admit(0);
    if (!place) throw new QueueBusyError();
    try {
      return await place.run(job);
    } finally {
      place.release();
    }
  }

  private async turn<T>(job: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.active) this.running++;
    else await new Promise<void>((go) => this.line.push(go)); // the turn is handed over
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
