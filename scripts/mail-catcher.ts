// The development mail catcher `pnpm start` runs when SMTP_URL is not set: an SMTP server
// (smtp-server) that keeps every mail as var/mails/<n>.eml and .html, and a page listing them.
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.MAIL_CATCHER_SMTP_PORT ?? 1025);
const webPort = Number(process.env.MAIL_CATCHER_WEB_PORT ?? 1080);
const dir = path.resolve(import.meta.dirname, '../var/mails');
await mkdir(dir, { recursive: true });

const mails: { n: number; to: string; subject: string; at: string }[] = [];
const shownAt = (d: Date) =>
  d.toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'medium' });
const addressOf = (mail: Awaited<ReturnType<typeof simpleParser>>) =>
  (Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text) ?? '';

// The mails of earlier runs stay listed, and new ones are numbered after them (a restart
// must not overwrite 1.eml).
const kept = (await readdir(dir))
  .map((f) => /^(\d+)\.eml$/.exec(f)?.[1])
  .filter((n): n is string => n !== undefined)
  .map(Number)
  .sort((a, b) => b - a);
for (const n of kept) {
  const file = path.join(dir, `${n}.eml`);
  const mail = await simpleParser(await readFile(file));
  mails.push({
    n,
    to: addressOf(mail),
    subject: mail.subject ?? '',
    at: shownAt(mail.date ?? (await stat(file)).mtime),
  });
}
let received = kept[0] ?? 0;
const escape = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks);
      // Numbered on arrival: two mails parsed at once must not share a file name.
      const n = ++received;
      void simpleParser(raw)
        .then(async (mail) => {
          await writeFile(path.join(dir, `${n}.eml`), raw);
          await writeFile(
            path.join(dir, `${n}.html`),
            mail.html || `<pre>${escape(mail.text ?? '')}</pre>`,
          );
          mails.unshift({
            n,
            to: addressOf(mail),
            subject: mail.subject ?? '',
            at: shownAt(new Date()),
          });
          callback();
        })
        .catch((e: Error) => callback(e));
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

createServer((req, res) => {
  const file = /^\/(\d+)\.(html|eml)$/.exec(req.url ?? '');
  if (file) {
    void readFile(path.join(dir, `${file[1]}.${file[2]}`)).then(
      (body) => {
        res.writeHead(200, {
          'content-type':
            file[2] === 'html' ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8',
        });
        res.end(body);
      },
      () => res.writeHead(404).end('no such mail'),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="5"><title>Mails (development)</title>` +
      `<body style="font-family:sans-serif;max-width:900px;margin:24px auto"><h1>Mails caught in development</h1>` +
      `<p>${mails.length} mails; this page refreshes itself. Kept in ${escape(dir)}.</p><table cellpadding="6">` +
      mails
        .map(
          (m) =>
            `<tr><td>${m.at}</td><td>${escape(m.to)}</td><td><a href="/${m.n}.html">${escape(m.subject)}</a></td><td><a href="/${m.n}.eml">.eml</a></td></tr>`,
        )
        .join('') +
      `</table></body>`,
  );
}).listen(webPort, '127.0.0.1');
console.log(`mail catcher: SMTP on 127.0.0.1:${smtpPort}, mails at http://localhost:${webPort}`);
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));
