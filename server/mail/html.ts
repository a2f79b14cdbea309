import { escapeHtml } from '../../common/escape-html';

export { escapeHtml };

/** A plain, accessible HTML mail around already-escaped body markup. */
export function htmlMail({ lang, title, body }: { lang: string; title: string; body: string }): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f6f5f1;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1c1917">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border:1px solid #e7e5e4;border-radius:12px;padding:24px">
${body}
</div>
</body>
</html>`;
}
