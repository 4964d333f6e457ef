import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { PDFFont } from 'pdf-lib';
import { SIGNATURE_IMAGE_MAX_PIXELS, SIGNATURE_IMAGE_MAX_PX } from '@strazce/contract';

/**
 * pdf-lib and its font kit load when a PDF is first read or stamped, not with the server: together they are a
 * third of a second of every start (issue 36 point 5), and most sites sign nothing in their first minutes.
 */
const pdfLib = () => import('pdf-lib');
const fontkitLib = async () => (await import('@pdf-lib/fontkit')).default;

/** A zone's signature image to draw (points, top-left origin: the contract's convention). */
export interface ZoneStamp {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The PNG drawn on the canvas, checked by `signatureImage` (dimensions and size bounded). */
  png: Uint8Array;
}

/** An attribute's text to write (points, top-left corner of the text). */
export interface TextStamp {
  page: number;
  x: number;
  y: number;
  fontSize: number;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  text: string;
}

type FontStyle = 'regular' | 'bold' | 'italic' | 'boldItalic';

/**
 * Liberation Sans (SIL Open Font License, metric-compatible with Helvetica and Arial) in its four styles: the
 * TrueType files pdf.js ships as its standard fonts (`pdfjs-dist/standard_fonts`). Embedded as subsets, so
 * every Czech letter (č, ř, ě, ů …) is written as typed.
 */
const FONT_FILES: Record<FontStyle, string> = {
  regular: 'LiberationSans-Regular.ttf',
  bold: 'LiberationSans-Bold.ttf',
  italic: 'LiberationSans-Italic.ttf',
  boldItalic: 'LiberationSans-BoldItalic.ttf',
};
const require = createRequire(import.meta.url);
const fontFiles = new Map<FontStyle, Promise<Buffer>>();
function fontFile(style: FontStyle): Promise<Buffer> {
  if (!fontFiles.has(style))
    fontFiles.set(
      style,
      fs.promises.readFile(require.resolve(`pdfjs-dist/standard_fonts/${FONT_FILES[style]}`)),
    );
  return fontFiles.get(style)!;
}

/** The text as the font can write it: a character it has no glyph for becomes '?' (line breaks a space). */
export function writable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text.replace(/[\r\n\t]+/g, ' ')]
    .map((char) => (known.has(char.codePointAt(0)!) ? char : '?'))
    .join('');
}

/** The largest signature image accepted, in bytes of the decoded PNG (a drawn signature is tens of kB). */
export const SIGNATURE_MAX_BYTES = 1024 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A zone's signature image (`data:image/png;base64,…`) checked before it is decoded: its size from the base64
 * length, then its width and height from the PNG's header (the IHDR chunk, the first 24 bytes), so that a tiny
 * PNG claiming 10,000 × 10,000 px (seconds of the event loop to inflate) is never inflated. Gives the PNG's
 * bytes, or the translation key of what is wrong: `validation.signatureImageTooLarge` over
 * `SIGNATURE_MAX_BYTES`, `SIGNATURE_IMAGE_MAX_PX` a side or `SIGNATURE_IMAGE_MAX_PIXELS` in all,
 * `validation.signatureImage` when it is no PNG.
 */
export function signatureImage(dataUrl: string): { png: Buffer } | { error: string } {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  if (Math.floor((base64.length * 3) / 4) - padding > SIGNATURE_MAX_BYTES)
    return { error: 'validation.signatureImageTooLarge' };
  const header = Buffer.from(base64.slice(0, 32), 'base64');
  if (
    header.length < 24 ||
    !header.subarray(0, 8).equals(PNG_SIGNATURE) ||
    header.toString('latin1', 12, 16) !== 'IHDR'
  )
    return { error: 'validation.signatureImage' };
  const width = header.readUInt32BE(16);
  const height = header.readUInt32BE(20);
  if (width === 0 || height === 0) return { error: 'validation.signatureImage' };
  if (
    width > SIGNATURE_IMAGE_MAX_PX ||
    height > SIGNATURE_IMAGE_MAX_PX ||
    width * height > SIGNATURE_IMAGE_MAX_PIXELS
  )
    return { error: 'validation.signatureImageTooLarge' };
  return { png: Buffer.from(base64, 'base64') };
}

/** The number of pages of a PDF; throws when it is not a PDF pdf-lib can read. */
export async function pageCount(bytes: Uint8Array): Promise<number> {
  const { PDFDocument } = await pdfLib();
  return (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
}

/**
 * Stamps a template: each text at its place, each signature image fitted into its zone (aspect kept,
 * centred). Coordinates are converted from the top-left convention to PDF user space of the page
 * (`pdfY = top - y - height`, relative to the page's crop box). Pages that do not exist are skipped (the rules
 * keep them from being placed there).
 */
export async function stampPdf(
  template: Uint8Array,
  texts: TextStamp[],
  zones: ZoneStamp[],
  at: Date,
): Promise<Uint8Array> {
  const [{ PDFDocument, rgb }, fontkit] = await Promise.all([pdfLib(), fontkitLib()]);
  const pdf = await PDFDocument.load(template, { updateMetadata: false });
  pdf.registerFontkit(fontkit);
  const pages = pdf.getPages();
  const fonts = new Map<FontStyle, PDFFont>();
  const fontOf = async (stamp: TextStamp) => {
    const style: FontStyle = stamp.bold
      ? stamp.italic
        ? 'boldItalic'
        : 'bold'
      : stamp.italic
        ? 'italic'
        : 'regular';
    if (!fonts.has(style)) fonts.set(style, await pdf.embedFont(await fontFile(style), { subset: true }));
    return fonts.get(style)!;
  };
  for (const stamp of texts) {
    const page = pages[stamp.page - 1];
    if (!page) continue;
    const box = page.getCropBox();
    const font = await fontOf(stamp);
    const text = writable(font, stamp.text);
    const x = box.x + stamp.x;
    // The text's top at y: its baseline one ascent lower.
    const baseline = box.y + box.height - stamp.y - font.heightAtSize(stamp.fontSize, { descender: false });
    page.drawText(text, { x, y: baseline, size: stamp.fontSize, font, color: rgb(0, 0, 0) });
    if (stamp.underline) {
      const width = font.widthOfTextAtSize(text, stamp.fontSize);
      const under = baseline - stamp.fontSize * 0.12;
      page.drawLine({
        start: { x, y: under },
        end: { x: x + width, y: under },
        thickness: Math.max(0.5, stamp.fontSize / 15),
        color: rgb(0, 0, 0),
      });
    }
  }
  for (const zone of zones) {
    const page = pages[zone.page - 1];
    if (!page) continue;
    const box = page.getCropBox();
    const image = await pdf.embedPng(zone.png);
    const scale = Math.min(zone.width / image.width, zone.height / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    page.drawImage(image, {
      x: box.x + zone.x + (zone.width - width) / 2,
      y: box.y + box.height - zone.y - zone.height + (zone.height - height) / 2,
      width,
      height,
    });
  }
  pdf.setModificationDate(at);
  return pdf.save();
}
