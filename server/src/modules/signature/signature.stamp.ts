import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';

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

const FONTS = {
  regular: StandardFonts.Helvetica,
  bold: StandardFonts.HelveticaBold,
  italic: StandardFonts.HelveticaOblique,
  boldItalic: StandardFonts.HelveticaBoldOblique,
} as const;

/**
 * The text as the standard font can write it (WinAnsi): a character it lacks is written without its
 * diacritics (č → c), else as '?'. See docs/signatures.md ("Stamping").
 */
export function writable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text.replace(/[\r\n\t]+/g, ' ')]
    .map((char) => {
      if (known.has(char.codePointAt(0)!)) return char;
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      return base.length === 1 && known.has(base.codePointAt(0)!) ? base : '?';
    })
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
  const pages = pdf.getPages();
  const fonts = new Map<string, PDFFont>();
  const fontOf = async (stamp: TextStamp) => {
    const key = stamp.bold ? (stamp.italic ? 'boldItalic' : 'bold') : stamp.italic ? 'italic' : 'regular';
    if (!fonts.has(key)) fonts.set(key, await pdf.embedFont(FONTS[key]));
    return fonts.get(key)!;
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
