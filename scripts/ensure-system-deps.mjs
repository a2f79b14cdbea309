// Makes sure the system programs the tests need are installed: Debian's
// Chromium (browser tests), PostgreSQL (server tests on PostgreSQL), nginx with
// its brotli module (the process tests of the example proxy configuration, which
// sends the .br files beside the pages and assets), prometheus, whose
// promtool checks and tests the alert rules (deploy/prometheus), and jing, which
// validates the news feeds against RFC 4287's RELAX NG schema (scripts/news/atom.rnc).
// As root it installs what is missing with apt; otherwise it stops with one
// clear line saying what to install.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const hasPostgres = () =>
  existsSync('/usr/lib/postgresql') &&
  readdirSync('/usr/lib/postgresql').some((version) => existsSync(`/usr/lib/postgresql/${version}/bin/initdb`));

const requirements = [
  { name: 'chromium', present: () => existsSync('/usr/bin/chromium') },
  { name: 'postgresql', present: hasPostgres },
  { name: 'nginx', present: () => existsSync('/usr/sbin/nginx') },
  {
    name: 'libnginx-mod-http-brotli-static',
    present: () => existsSync('/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'),
  },
  { name: 'prometheus', present: () => existsSync('/usr/bin/promtool') },
  { name: 'jing', present: () => existsSync('/usr/bin/jing') },
];

const missing = requirements.filter((requirement) => !requirement.present()).map((requirement) => requirement.name);
if (missing.length > 0) {
  const command = `apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    console.error(`Missing system packages for the tests: run "sudo ${command}" and try again.`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} with apt…`);
  execSync('apt-get update -qq', { stdio: 'inherit' });
  execSync(command, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}
