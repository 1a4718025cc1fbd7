import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { Invoice } from '@contracts/billing';
import type { Actor } from '../../../core/actor';
import { translator, type Language } from '../../../i18n';
import type { BillingDeps } from './deps';
import { invoiceFor } from './invoices';

const require = createRequire(import.meta.url);
/** DejaVu Sans: every Vietnamese letter (the PDF's standard fonts have none). */
const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const REGULAR = path.join(fontDir, 'DejaVuSans.ttf');
const BOLD = path.join(fontDir, 'DejaVuSans-Bold.ttf');

/** An amount in minor units as the currency writes it (2 decimals for usd, none for vnd). */
export function money(amount: number, currency: string, language: Language) {
  return new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(amount / 10 ** minorDigits(currency));
}
const minorDigits = (currency: string) =>
  new Intl.NumberFormat('en', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).resolvedOptions().maximumFractionDigits ?? 2;

/** The invoice as a PDF (pdfkit), in the caller's language. */
export function renderInvoicePdf(invoice: Invoice, language: Language): Promise<Buffer> {
  const t = translator(language);
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: invoice.number } });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const amount = (value: number) => money(value, invoice.currency, language);

  doc.font('bold').fontSize(20).text(t('billing:invoice.title'), { continued: false });
  doc.moveDown(0.5).font('regular').fontSize(10);
  doc.text(`${t('billing:invoice.number')}: ${invoice.number}`);
  doc.text(`${t('billing:invoice.workspace')}: ${invoice.workspace.name}`);
  doc.text(`${t('billing:invoice.period')}: ${invoice.period.start} – ${invoice.period.end}`);
  doc.text(`${t('billing:invoice.issued')}: ${invoice.created_at.slice(0, 10)}`);
  doc.text(`${t('billing:invoice.status')}: ${t(`billing:invoice.statuses.${invoice.status}`)}`);
  if (invoice.paid_at) doc.text(`${t('billing:invoice.paid_at')}: ${invoice.paid_at.slice(0, 10)}`);

  doc.moveDown(1.5);
  const left = 50;
  const columns = { qty: 330, unit: 380, amount: 470 };
  const header = doc.y;
  doc.font('bold');
  doc.text(t('billing:invoice.description'), left, header, { width: 270 });
  doc.text(t('billing:invoice.quantity'), columns.qty, header, { width: 45, align: 'right' });
  doc.text(t('billing:invoice.unit_price'), columns.unit, header, { width: 85, align: 'right' });
  doc.text(t('billing:invoice.amount'), columns.amount, header, { width: 75, align: 'right' });
  doc.font('regular');
  doc.moveDown(0.5);
  for (const line of invoice.lines) {
    const y = doc.y;
    doc.text(line.description, left, y, { width: 270 });
    const after = doc.y;
    doc.text(String(line.quantity), columns.qty, y, { width: 45, align: 'right' });
    doc.text(amount(line.unit_amount), columns.unit, y, { width: 85, align: 'right' });
    doc.text(amount(line.amount), columns.amount, y, { width: 75, align: 'right' });
    doc.y = Math.max(after, doc.y) + 4;
  }
  doc.moveDown(1);
  const totals = doc.y;
  doc.text(t('billing:invoice.subtotal'), columns.unit - 80, totals, {
    width: 165,
    align: 'right',
  });
  doc.text(amount(invoice.subtotal), columns.amount, totals, { width: 75, align: 'right' });
  doc.font('bold');
  const total = doc.y + 4;
  doc.text(t('billing:invoice.total'), columns.unit - 80, total, { width: 165, align: 'right' });
  doc.text(amount(invoice.total), columns.amount, total, { width: 75, align: 'right' });
  doc.end();
  return done;
}

/** `invoices/:id/pdf`: the workspace's billing managers only. */
export async function invoicePdf(
  deps: BillingDeps,
  actor: Actor,
  input: { id: number; lang: Language },
) {
  const { invoice } = await invoiceFor(deps, actor, input.id);
  return { name: `${invoice.number}.pdf`, bytes: await renderInvoicePdf(invoice, input.lang) };
}
