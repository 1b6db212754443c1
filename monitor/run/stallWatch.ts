/**
 * When the job itself stood still. A probe's clock is read in the job's event
 * loop, so an answer that arrives while the loop cannot run (the machine gave
 * the job's core to something else, a garbage collection, a long piece of the
 * job's own work) is timed when the loop runs again: the wait is the job's,
 * not the server's. On this project's 2-core machine an idle Node process
 * stands still for 4–6 ms a few times in 8 seconds with nothing else to do.
 *
 * The watch ticks every millisecond and keeps the gaps between its ticks that
 * were longer than they should be; a probe asks, once the watch has ticked
 * after its answer (so a stall up to then is known), how long its measurement
 * overlapped one (monitor/probe/probe.ts), and the queue measures it again when that
 * matters (domain/checks/definition.ts worthMeasuringAgain, monitor/run/queue.ts).
 */

/** A gap between ticks at least this much longer than the tick is a stall. */
const STALL_MS = 2;
const TICK_MS = 1;
/** Stalls older than this are forgotten (a measurement is never this long). */
const KEEP_MS = 120_000;

export class StallWatch {
  private readonly stalls: Array<{ from: number; to: number }> = [];
  private last = performance.now();
  private waiting: Array<() => void> = [];
  private readonly timer: NodeJS.Timeout;
  private stopped = false;

  constructor() {
    // Not unref'd: a probe awaiting settled() must keep the process alive until the tick (the job stops the watch when its checks are done).
    this.timer = setInterval(() => this.tick(), TICK_MS);
  }

  private tick() {
    const now = performance.now();
    if (now - this.last > TICK_MS + STALL_MS) this.stalls.push({ from: this.last, to: now });
    this.last = now;
    while (this.stalls.length > 0 && this.stalls[0].to < now - KEEP_MS) this.stalls.shift();
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  /** Resolves at the watch's next tick: every stall before this call is known by then. */
  settled(): Promise<void> {
    // A stopped watch knows nothing newer: it answers at once rather than never.
    if (this.stopped) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** The longest stall that overlapped from..to (performance.now() times), 0 when none did. */
  stalledDuring(from: number, to: number): number {
    let longest = 0;
    for (const stall of this.stalls) {
      if (stall.to > from && stall.from < to) longest = Math.max(longest, stall.to - stall.from);
    }
    return longest;
  }

  stop() {
    this.stopped = true;
    clearInterval(this.timer);
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}
