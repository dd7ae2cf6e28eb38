import type { Metric } from 'prom-client';

// marketplace_http_requests_total and marketplace_http_request_duration_seconds (decision 0077), kept as plain numbers
// per method and route: a request adds to its route's figures without the label objects prom-client builds and
// hashes on each labelled inc() and observe() (a cached answer paid that twice, issue 39). The catalogue cache
// holds its routes' figures and adds its own answers to them; the text is made at scrape time, as prom-client's.

/** One method and route pattern: its answers by status, and the histogram of their times. */
export class RouteFigures {
  readonly byStatus = new Map<number, number>();
  /** Answers per bucket (not cumulative: summed at scrape time); an answer over the last bound is in none. */
  readonly buckets: number[];
  sum = 0;
  count = 0;
  constructor(
    readonly labels: Readonly<{ method: string; route: string }>,
    private readonly bounds: readonly number[],
  ) {
    this.buckets = bounds.map(() => 0);
  }

  /** An answer with `status` that took `seconds`. */
  add(status: number, seconds: number) {
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    const bounds = this.bounds;
    let i = 0;
    while (i < bounds.length && seconds > bounds[i]!) i++;
    if (i < bounds.length) this.buckets[i]!++;
    this.sum += seconds;
    this.count++;
  }
}

/** A sample as prom-client's registry writes it: `name{labels,sharedLabels} value`. */
interface Sample {
  metricName: string;
  labels: Record<string, string | number>;
  sharedLabels?: Record<string, string>;
  value: number;
}

export class HttpFigures {
  private readonly routes = new Map<string, RouteFigures>();
  constructor(private readonly bounds: readonly number[]) {}

  /** The figures of `method` and `route`, made the first time (keep them: the lookup is what they save). */
  route(method: string, route: string): RouteFigures {
    const key = `${method} ${route}`;
    let figures = this.routes.get(key);
    if (figures === undefined) this.routes.set(key, (figures = new RouteFigures({ method, route }, this.bounds)));
    return figures;
  }

  /** Every route's figures to zero (prom-client's Registry.resetMetrics); the objects handed out stay valid. */
  private reset() {
    for (const figures of this.routes.values()) {
      figures.byStatus.clear();
      figures.buckets.fill(0);
      figures.sum = 0;
      figures.count = 0;
    }
  }

  private requestSamples(name: string): Sample[] {
    return [...this.routes.values()].flatMap((r) =>
      [...r.byStatus].map(([status, value]) => ({
        metricName: name,
        labels: { ...r.labels, status: String(status) },
        value,
      })),
    );
  }

  /** As prom-client's histogram writes them: cumulative buckets with `le` first, then +Inf, sum and count. */
  private durationSamples(name: string): Sample[] {
    return [...this.routes.values()].flatMap((r) => {
      const shared = r.labels;
      let below = 0;
      const samples: Sample[] = r.buckets.map((n, i) => ({
        metricName: `${name}_bucket`,
        labels: { le: this.bounds[i]! },
        sharedLabels: shared,
        value: (below += n),
      }));
      samples.push(
        { metricName: `${name}_bucket`, labels: { le: '+Inf' }, sharedLabels: shared, value: r.count },
        { metricName: `${name}_sum`, labels: {}, sharedLabels: shared, value: r.sum },
        { metricName: `${name}_count`, labels: {}, sharedLabels: shared, value: r.count },
      );
      return samples;
    });
  }

  /**
   * The two metrics as a registry takes them (name, help, type and get(), which prom-client's own classes have;
   * its Metric type names only those classes, hence the cast).
   */
  metrics(prefix: string): Metric[] {
    const metric = (name: string, help: string, type: string, samples: (name: string) => Sample[]) => ({
      name,
      help,
      type,
      aggregator: 'sum',
      reset: () => this.reset(),
      get: async () => ({ name, help, type, aggregator: 'sum', values: samples(name) }),
    });
    return [
      metric(`${prefix}http_requests_total`, 'HTTP requests by method, route pattern and status.', 'counter', (n) =>
        this.requestSamples(n),
      ),
      metric(
        `${prefix}http_request_duration_seconds`,
        'HTTP request time by method and route pattern.',
        'histogram',
        (n) => this.durationSamples(n),
      ),
    ] as unknown as Metric[];
  }
}
