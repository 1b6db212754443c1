/**
 * Response times kept so that any stretch of days (or months) can be asked its
 * median, 95th or 99th percentile: a count per log-scale bucket, which two
 * stretches add up exactly (a month is the sum of its days), unlike medians
 * and percentiles, which cannot be averaged.
 *
 * Bucket 0 holds 0 ms; bucket i (1, 2, …) holds the times from BASE^(i-1) up to
 * BASE^i. A percentile is told as its bucket's middle (geometric), so it is
 * within 1.5 % of the exact value (BASE 1.03: √1.03 − 1); below 34 ms a bucket
 * holds one whole millisecond at most, and its value is exact. A day of 288
 * checks of a server answering in about 45 ms takes about 190 characters. The precision is
 * measured in __tests__/unit/model/timeSketch.test.ts on generated months.
 *
 * On disk a sketch is a short text of parts, each starting at a step from the
 * last bucket of the part before (the first from bucket -1): a run of
 * neighbouring buckets, one character a count below 36 (0-9, a-z; 0 for an
 * empty bucket between two), after a dot, or one bucket's larger count after an
 * equals sign. "132.1031,2=40" is one time in bucket 131, three in 133, one in
 * 134, and forty in 136: a day of a server is about one character a bucket.
 */

const SKETCH_BASE = 1.03;
const LOG_BASE = Math.log(SKETCH_BASE);

/** Counts by bucket. */
export type TimeSketch = Map<number, number>;

/** The bucket of a time in milliseconds (0 and below: bucket 0). */
export function bucketOf(ms: number): number {
  if (!(ms > 0)) return 0;
  // The small epsilon keeps a time that is exactly a bucket's lower bound in that bucket despite rounding.
  return 1 + Math.max(0, Math.floor(Math.log(ms) / LOG_BASE + 1e-9));
}

/** What a bucket's times are told as: the one whole millisecond it holds, or its geometric middle. */
export function bucketValue(bucket: number): number {
  if (bucket <= 0) return 0;
  const lower = SKETCH_BASE ** (bucket - 1);
  const upper = SKETCH_BASE ** bucket;
  const wholes = [Math.floor(lower), Math.ceil(lower), Math.floor(upper), Math.ceil(upper)].filter(
    (n, i, all) => n >= 1 && all.indexOf(n) === i && bucketOf(n) === bucket,
  );
  return wholes.length === 1 ? wholes[0] : Math.sqrt(lower * upper);
}

export function sketchOf(times: Iterable<number>): TimeSketch {
  const sketch: TimeSketch = new Map();
  for (const ms of times) {
    const bucket = bucketOf(ms);
    sketch.set(bucket, (sketch.get(bucket) ?? 0) + 1);
  }
  return sketch;
}

/** The sketches added up: the times of all of them. */
export function mergeSketches(sketches: Iterable<TimeSketch>): TimeSketch {
  const merged: TimeSketch = new Map();
  for (const sketch of sketches) for (const [bucket, count] of sketch) merged.set(bucket, (merged.get(bucket) ?? 0) + count);
  return merged;
}

export const sketchCount = (sketch: TimeSketch): number => [...sketch.values()].reduce((n, c) => n + c, 0);

/**
 * A percentile by nearest rank (q 0.5: the median, 0.95, 0.99): the value of
 * the bucket holding the time ranked ceil(q × count), to a tenth of a
 * millisecond (a whole one would cost up to 3 % between 34 and 70 ms, where a
 * bucket holds two); null for no times.
 */
export function sketchPercentile(sketch: TimeSketch, q: number): number | null {
  const count = sketchCount(sketch);
  if (count === 0) return null;
  const rank = Math.max(1, Math.ceil(q * count));
  let seen = 0;
  for (const bucket of [...sketch.keys()].sort((a, b) => a - b)) {
    seen += sketch.get(bucket)!;
    if (seen >= rank) return Math.round(bucketValue(bucket) * 10) / 10;
  }
  return null;
}

/** A count written as one character of a run (1 to 35: 1-9, a-z; 0: an empty bucket between two that are not). */
const RUN_LIMIT = 36;

/** A sketch as its text on disk ('' for none). */
export function encodeSketch(sketch: TimeSketch): string {
  const parts: string[] = [];
  let last = -1;
  let run: { step: number; digits: string } | null = null;
  const flush = () => {
    if (run) parts.push(`${run.step}.${run.digits}`);
    run = null;
  };
  for (const [bucket, count] of [...sketch.entries()].filter(([, c]) => c > 0).sort(([a], [b]) => a - b)) {
    if (count >= RUN_LIMIT) {
      flush();
      parts.push(`${bucket - last}=${count}`);
    } else if (run && bucket - last <= 2) {
      // one empty bucket between costs a 0, less than a new part
      run.digits += "0".repeat(bucket - last - 1) + count.toString(36);
    } else {
      flush();
      run = { step: bucket - last, digits: count.toString(36) };
    }
    last = bucket;
  }
  flush();
  return parts.join(",");
}

/** A sketch from its text on disk, or null when the text is not one. */
export function decodeSketch(text: string): TimeSketch | null {
  const sketch: TimeSketch = new Map();
  return addSketchText(text, sketch) ? sketch : null;
}

/**
 * Adds the times of a sketch's text into a sketch (a stretch's, gathered day
 * by day without a sketch per day); false, adding nothing, when the text is not one.
 */
export function addSketchText(text: string, into: TimeSketch): boolean {
  // Read a character at a time (a report reads tens of thousands of these): parts are
  // "<step>.<run of base-36 counts>" or "<step>=<count>", separated by commas.
  const parts: number[] = [];
  let last = -1;
  let i = 0;
  const n = text.length;
  while (i < n) {
    let step = 0;
    const stepStart = i;
    while (i < n && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) step = step * 10 + text.charCodeAt(i++) - 48;
    if (i === stepStart || text.charCodeAt(stepStart) === 48 || i === n) return false;
    let bucket = last + step;
    const mark = text.charCodeAt(i++);
    if (mark === 61 /* = */) {
      let count = 0;
      const countStart = i;
      while (i < n && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) count = count * 10 + text.charCodeAt(i++) - 48;
      if (i === countStart || count < RUN_LIMIT) return false;
      parts.push(bucket, count);
      last = bucket;
    } else if (mark === 46 /* . */) {
      const runStart = i;
      let count = 0;
      while (i < n && text.charCodeAt(i) !== 44) {
        const c = text.charCodeAt(i++);
        count = c >= 48 && c <= 57 ? c - 48 : c >= 97 && c <= 122 ? c - 87 : -1;
        if (count < 0) return false;
        // A run starts and ends with a bucket that holds times.
        if (count === 0 && i - 1 === runStart) return false;
        if (count > 0) parts.push(bucket, count);
        bucket += 1;
      }
      if (i === runStart || count === 0) return false;
      last = bucket - 1;
    } else {
      return false;
    }
    if (i < n) {
      // a comma, then another part
      if (text.charCodeAt(i) !== 44 || i === n - 1) return false;
      i += 1;
    }
  }
  for (let k = 0; k < parts.length; k += 2) into.set(parts[k], (into.get(parts[k]) ?? 0) + parts[k + 1]);
  return true;
}
