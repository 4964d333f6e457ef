import fs from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont } from 'pdf-lib';

/** A zone's signature image to draw (points, top-left origin: the contract's convention). */
export interface ZoneStamp {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The PNG drawn on the canvas. */
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

/** The number of pages of a PDF; throws when it is not a PDF pdf-lib can read. */
export async function pageCount(bytes: Uint8Array): Promise<number> {
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
