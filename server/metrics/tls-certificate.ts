import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Gauge, type Registry } from 'prom-client';

/**
 * When the certificate nginx serves expires (TLS_CERTIFICATE_FILE), read from its file at each
 * scrape, so a renewal shows without a restart. A file that cannot be read or is no certificate
 * reports 0, which the alert takes as expired: it says so rather than stay silent
 * (deploy/prometheus/alerts.yml, WestbridgeTlsCertificateExpiring).
 */
export function registerTlsCertificateGauge(registry: Registry, file: string): void {
  new Gauge({
    name: 'westbridge_tls_certificate_expires_timestamp_seconds',
    help: "When the TLS certificate in TLS_CERTIFICATE_FILE expires (its first certificate: the site's own); 0 when it cannot be read.",
    registers: [registry],
    async collect() {
      try {
        const certificate = new X509Certificate(await readFile(file));
        this.set(new Date(certificate.validTo).getTime() / 1000);
      } catch {
        this.set(0);
      }
    },
  });
}
