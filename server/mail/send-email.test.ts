import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './send-email';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('createMailer without SMTP_URL', () => {
  it('writes each mail as an .eml file under the mail folder', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mail-'));
    const mailDir = path.join(dir, 'mail');
    const mailer = createMailer({ smtpUrl: null, mailDir });
    await mailer.sendEmail({
      messageId: '<1@westbridge.example>',
      from: 'Westbridge <info@westbridge.example>',
      to: 'inbox@westbridge.example',
      replyTo: 'zoe@example.fr',
      subject: 'Grüße ✅',
      text: 'Zeile 1\nZeile 2',
      html: '<p>Zeile 1</p>',
    });
    const files = readdirSync(mailDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const parsed = await PostalMime.parse(readFileSync(path.join(mailDir, files[0] ?? '')));
    expect(parsed.subject).toBe('Grüße ✅');
    expect(parsed.messageId).toBe('<1@westbridge.example>');
    expect(parsed.replyTo).toEqual([{ name: '', address: 'zoe@example.fr' }]);
    expect(parsed.text).toContain('Zeile 1\nZeile 2');
  });
});
