/**
 * The one CSV writer of the exports (ARCHITECTURE.md: CSV export is language-aware and formula-safe).
 *
 * - Language: the caller's (`lang`, else Accept-Language): Czech files are `;` separated (what Czech Excel
 *   expects, the decimal comma being theirs), English ones `,`; headers and values are translated by the
 *   exporter (serverText of the contract), date-times written in the site's zone (formatSiteDateTime).
 * - RFC 4180: a cell holding the separator, a double quote, CR or LF is quoted, quotes doubled; lines end in
 *   CRLF; the text starts with a UTF-8 byte order mark (so spreadsheet programs read Czech letters right).
 * - Formula injection: a text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return would be run
 *   as a formula by Excel, LibreOffice or Google Sheets (`=HYPERLINK(...)`, `@SUM(...)`, `-2+3`); it is
 *   written with a `'` in front, so it shows as the text it is. The rule goes by the cell's type: a number
 *   the exporter itself passes as a `number` (an id, a count, a negative amount) is written as it is,
 *   while text is always checked, whatever it looks like (`-5` typed into a note gets the `'`).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { textLanguageOf, type TextLanguage } from '@strazce/contract';
import { attachmentDisposition } from './contentDisposition';

export type CsvValue = string | number | boolean | null | undefined;

export interface CsvOptions {
  /** Cell separator: `,` (default) or `;` (what Czech Excel expects). */
  separator?: ',' | ';';
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: text with a leading formula character defused, then quoted when needed. */
export function csvCell(value: CsvValue, separator: ',' | ';' = ','): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  const needsQuotes = text.includes(separator) || /["\r\n]/.test(text);
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV text: a header row and the rows, with a byte order mark and CRLF line ends. */
export function toCsvText(
  header: readonly CsvValue[],
  rows: Iterable<readonly CsvValue[]>,
  { separator = ',' }: CsvOptions = {},
): string {
  const line = (cells: readonly CsvValue[]) => cells.map((cell) => csvCell(cell, separator)).join(separator);
  const lines = [line(header)];
  for (const row of rows) lines.push(line(row));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The language of an export call: its `lang` parameter, else its Accept-Language, else Czech. */
export function csvLanguageOf(request: FastifyRequest, lang?: string): TextLanguage {
  return textLanguageOf(lang, request.headers['accept-language']);
}

/** How a file in this language is written. */
export function csvOptionsFor(language: TextLanguage): CsvOptions {
  return { separator: language === 'cs' ? ';' : ',' };
}

/** Sends a CSV text as a download named `fileName`. */
export function sendCsv(reply: FastifyReply, fileName: string, text: string): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachmentDisposition(fileName))
    .send(text);
}
