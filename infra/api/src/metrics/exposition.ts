// A small Prometheus text exposition (format 0.0.4) writer: the API needs a handful of counters, one
// histogram and gauges read at scrape time, which does not justify a client library and its global registry.

export type Labels = Record<string, string>;

export interface Sample {
  labels?: Labels;
  value: number;
}

export interface MetricFamily {
  name: string;
  help: string;
  type: 'counter' | 'gauge' | 'histogram';
  samples: (Sample & { suffix?: string })[];
}

const escapeLabel = (value: string): string => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const escapeHelp = (value: string): string => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');

function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

function formatLabels(labels: Labels | undefined): string {
  const entries = Object.entries(labels ?? {});
  if (entries.length === 0) return '';
  return `{${entries.map(([key, value]) => `${key}="${escapeLabel(value)}"`).join(',')}}`;
}

export function formatExposition(families: MetricFamily[]): string {
  const lines: string[] = [];
  for (const family of families) {
    lines.push(`# HELP ${family.name} ${escapeHelp(family.help)}`, `# TYPE ${family.name} ${family.type}`);
    for (const sample of family.samples) lines.push(`${family.name}${sample.suffix ?? ''}${formatLabels(sample.labels)} ${formatValue(sample.value)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** Label values joined into a map key; values never contain the separator (they are bounded sets). */
const keyOf = (names: readonly string[], labels: Labels): string => names.map((name) => labels[name] ?? '').join('\u0000');

export class Counter {
  private readonly values = new Map<string, { labels: Labels; value: number }>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly string[],
  ) {}

  inc(labels: Labels, by = 1): void {
    const key = keyOf(this.labelNames, labels);
    const entry = this.values.get(key);
    if (entry) entry.value += by;
    else this.values.set(key, { labels: { ...labels }, value: by });
  }

  family(): MetricFamily {
    return { name: this.name, help: this.help, type: 'counter', samples: [...this.values.values()].map(({ labels, value }) => ({ labels, value })) };
  }
}

export class Histogram {
  private readonly series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();

  /** `bounds` are the upper bounds in ascending order; +Inf is implied. */
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly string[],
    readonly bounds: readonly number[],
  ) {}

  /** Index of the bucket a value falls in (bounds.length for the +Inf overflow). */
  bucketIndex(value: number): number {
    const index = this.bounds.findIndex((bound) => value <= bound);
    return index === -1 ? this.bounds.length : index;
  }

  observe(labels: Labels, value: number): void {
    const key = keyOf(this.labelNames, labels);
    let entry = this.series.get(key);
    if (!entry) {
      entry = { labels: { ...labels }, counts: new Array<number>(this.bounds.length + 1).fill(0), sum: 0, count: 0 };
      this.series.set(key, entry);
    }
    entry.counts[this.bucketIndex(value)] += 1;
    entry.sum += value;
    entry.count += 1;
  }

  family(): MetricFamily {
    const samples: MetricFamily['samples'] = [];
    for (const { labels, counts, sum, count } of this.series.values()) {
      let cumulative = 0;
      counts.forEach((n, i) => {
        cumulative += n;
        samples.push({ suffix: '_bucket', labels: { ...labels, le: i < this.bounds.length ? String(this.bounds[i]) : '+Inf' }, value: cumulative });
      });
      samples.push({ suffix: '_sum', labels, value: sum }, { suffix: '_count', labels, value: count });
    }
    return { name: this.name, help: this.help, type: 'histogram', samples };
  }
}

/**
 * The q-quantile of per-bucket counts, interpolated linearly inside the bucket like PromQL's
 * histogram_quantile. Null without observations; values past the last bound report that bound.
 */
export function quantileFromBuckets(bounds: readonly number[], counts: readonly number[], q: number): number | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const rank = q * total;
  let cumulative = 0;
  for (let i = 0; i < counts.length; i += 1) {
    const before = cumulative;
    cumulative += counts[i];
    if (cumulative >= rank && counts[i] > 0) {
      if (i >= bounds.length) return bounds[bounds.length - 1];
      const lower = i === 0 ? 0 : bounds[i - 1];
      return lower + ((bounds[i] - lower) * (rank - before)) / counts[i];
    }
  }
  return bounds[bounds.length - 1];
}
