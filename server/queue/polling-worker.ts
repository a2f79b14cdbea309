import type { FastifyBaseLogger } from 'fastify';
import { describeError } from '../describe-error';

/**
 * The loop of a background worker over a database queue: runs `runOnce` until
 * it handles less than a full batch, then polls; a nudge runs it at once.
 * stop() lets the work in hand finish.
 */
export abstract class PollingWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** Polling and nudges only act after start(). */
  private active = false;
  /** Set by stop(): finish the item in hand, hand the rest back. */
  protected stopping = false;
  private wanted = false;

  protected constructor(
    protected readonly log: FastifyBaseLogger,
    private readonly name: string,
    private readonly pollIntervalMs: number,
    protected readonly batchSize: number,
  ) {}

  /** Claims and handles what is due; returns how many items it handled. */
  abstract runOnce(): Promise<number>;

  start(): void {
    this.active = true;
    this.stopping = false;
    this.schedule(0);
  }

  /** Asks for a run now, e.g. right after an item was enqueued. */
  nudge(): void {
    if (!this.active) return;
    if (this.running) {
      this.wanted = true;
      return;
    }
    this.schedule(0);
  }

  /** Stops polling and waits for the item being handled to finish. */
  async stop(): Promise<void> {
    this.active = false;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.runUntilIdle().finally(() => {
        this.running = null;
        if (this.active) this.schedule(this.wanted ? 0 : this.pollIntervalMs);
        this.wanted = false;
      });
    }, delay);
  }

  private async runUntilIdle(): Promise<void> {
    try {
      while (this.active && (await this.runOnce()) === this.batchSize);
    } catch (error) {
      this.log.warn({ err: describeError(error) }, `${this.name}: database unavailable, will retry`);
    }
  }
}
