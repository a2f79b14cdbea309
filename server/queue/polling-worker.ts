import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { describeError } from '../describe-error';

/**
 * How long stop() waits for the item in hand. A mail server may take minutes to
 * answer (RFC 5321 §4.5.3.2 gives the end of a mail 10), while a stop must end
 * within the systemd unit's 10 s (server/serve.ts exits after 9).
 */
export const stopWaitMs = 5_000;

/**
 * The loop of a background worker over a database queue: runs `runOnce` until
 * it handles less than a full batch, then polls; a nudge runs it at once.
 * stop() lets the work in hand finish, for stopWaitMs at most.
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

  /**
   * Stops polling and waits for the item being handled to finish, for `waitMs` at
   * most; then `abandon` is called (it ends the item's outside work, such as an SMTP
   * connection, so that the item ends and records how) and the item awaited, or,
   * without it, the item is left to its claim, which lapses.
   */
  async stop({ waitMs = stopWaitMs, abandon }: { waitMs?: number; abandon?: () => void } = {}): Promise<void> {
    this.active = false;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const running = this.running;
    if (!running) return;
    const waiting = new AbortController();
    const ended = await Promise.race([
      running.then(() => true),
      sleep(waitMs, false, { signal: waiting.signal, ref: false }).catch(() => true),
    ]);
    waiting.abort();
    if (ended || !abandon) return;
    abandon();
    await running;
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
