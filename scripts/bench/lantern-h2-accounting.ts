/**
 * Lighthouse's network model (Lantern) with one accounting error corrected, for a second reading of
 * the same trace beside the stock one (docs/decisions/0036-no-budget-for-the-first-picture.md).
 *
 * On a warm HTTP/2 connection Lantern lets a request start with the bytes the previous response's
 * last round trip delivered beyond its end (`h2OverflowBytesDownloaded`). When the simulation
 * advances such a request by a step shorter than its round trip (another task ends first), it
 * records only the bytes of the new round trip as received, not the carried-over ones, while the
 * connection's carry-over is already reduced by them. The next step takes the same bytes from the
 * carry-over again: each step inside the round trip costs it the first bytes once more, and the
 * next response gets that much less room. The correction counts the carried-over bytes as
 * received once; nothing else in the model changes (HTTP/1.1 carries nothing over).
 */
import { TCPConnection } from '@paulirish/trace_engine/models/trace/lantern/simulation/TCPConnection.js';

type Download = TCPConnection['simulateDownloadUntil'];

const stock: Download = TCPConnection.prototype.simulateDownloadUntil;

const corrected: Download = function (this: TCPConnection, bytesToDownload, options) {
  const carriedOver =
    this.warmed && this.h2 ? Math.min(this.h2OverflowBytesDownloaded, Math.max(bytesToDownload, 0)) : 0;
  const result = stock.call(this, bytesToDownload, options);
  return {
    ...result,
    bytesDownloaded: Math.min(result.bytesDownloaded + carriedOver, Math.max(bytesToDownload, 0)),
  };
};

/** Runs `work` (Lighthouse's audits) with the correction in place, and puts the stock model back after it. */
export async function withH2AccountingCorrected<T>(work: () => Promise<T>): Promise<T> {
  TCPConnection.prototype.simulateDownloadUntil = corrected;
  try {
    return await work();
  } finally {
    TCPConnection.prototype.simulateDownloadUntil = stock;
  }
}
