import { TCPConnection } from '@paulirish/trace_engine/models/trace/lantern/simulation/TCPConnection.js';
import { describe, expect, it } from 'vitest';
import { withH2AccountingCorrected } from './lantern-h2-accounting';

/** Lighthouse's simulated phone network: 150 ms round trips at 1.6 Mbit/s. */
const mobile = { rtt: 150, throughput: 1638.4 * 1024 };

/**
 * A warm HTTP/2 connection after a page of `pageBytes`: its first round trip (10 segments of
 * 1460 bytes) carried the page and the first bytes of what comes next.
 */
function connectionAfterPage(pageBytes: number): TCPConnection {
  const connection = new TCPConnection(mobile.rtt, mobile.throughput, 0, true, true);
  connection.setWarmed(true);
  connection.setH2OverflowBytesDownloaded(10 * 1460 - pageBytes);
  return connection;
}

/**
 * Downloads `bytes` over `connection` in the simulation's steps (ms), as Lantern's Simulator does
 * in `updateProgressMadeInTimePeriod`; returns the bytes the connection holds for the next response.
 */
function download(connection: TCPConnection, bytes: number, steps: number[]): number {
  let [received, elapsed, overshoot] = [0, 0, 0];
  for (const [index, step] of steps.entries()) {
    const result = connection.simulateDownloadUntil(bytes - received, {
      timeAlreadyElapsed: elapsed,
      maximumTimeToElapse: step - overshoot,
    });
    connection.setCongestionWindow(result.congestionWindow);
    connection.setH2OverflowBytesDownloaded(result.extraBytesDownloaded);
    if (index === steps.length - 1) break;
    elapsed += result.timeElapsed;
    overshoot += result.timeElapsed - step;
    received += result.bytesDownloaded;
  }
  return connection.h2OverflowBytesDownloaded;
}

const [page, stylesheet] = [9370, 8291];
// The stylesheet's round trip in one step, or in three (two page tasks end inside it).
const [oneStep, threeSteps] = [[150], [40, 70, 40]];

describe("Lighthouse's HTTP/2 accounting", () => {
  it('as published, leaves the next response less room the more steps the round trip takes', () => {
    // When this fails, Lighthouse counts the carried-over bytes once: drop the correction and its column.
    const inOneStep = download(connectionAfterPage(page), stylesheet, oneStep);
    const inThreeSteps = download(connectionAfterPage(page), stylesheet, threeSteps);
    expect(inOneStep).toBe(20 * 1460 - (stylesheet - (10 * 1460 - page)));
    expect(inOneStep - inThreeSteps).toBe(2 * (10 * 1460 - page));
  });

  it('corrected, leaves the same room however many steps it takes', async () => {
    const inOneStep = await withH2AccountingCorrected(async () =>
      download(connectionAfterPage(page), stylesheet, oneStep),
    );
    const inThreeSteps = await withH2AccountingCorrected(async () =>
      download(connectionAfterPage(page), stylesheet, threeSteps),
    );
    expect(inThreeSteps).toBe(inOneStep);
    expect(inOneStep).toBe(20 * 1460 - (stylesheet - (10 * 1460 - page)));
  });

  it('puts the published model back afterwards, also when the work fails', async () => {
    await expect(withH2AccountingCorrected(() => Promise.reject(new Error('audit failed')))).rejects.toThrow(
      'audit failed',
    );
    expect(download(connectionAfterPage(page), stylesheet, threeSteps)).toBeLessThan(
      download(connectionAfterPage(page), stylesheet, oneStep),
    );
  });
});
