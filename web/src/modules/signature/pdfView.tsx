import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { PDF_SCALE } from '@strazce/contract';
import { api } from '../../lib/api';

/** A page of a loaded PDF: its size in points and how to draw it. */
export interface PdfPageHandle {
  width: number;
  height: number;
  render(canvas: HTMLCanvasElement): Promise<void>;
}

/**
 * Loads pdf.js on first use only (the signature pages' dialogs): its own chunk and its worker, a file of the
 * build served from the app's origin (`?url`), which the Content-Security-Policy's `script-src 'self'` (and so
 * `worker-src`) allows. Evaluation of PDF functions by `eval` is off (`isEvalSupported: false`): the policy
 * forbids it and pdf.js then interprets them.
 */
async function loadPdfJs() {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

/** Every page of a PDF (bytes), ready to draw at `PDF_SCALE` (1 point = 0.75 CSS px). */
export async function openPdf(bytes: ArrayBuffer): Promise<PdfPageHandle[]> {
  const pdfjs = await loadPdfJs();
  const document = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    // The fonts a PDF names without embedding them (Helvetica…) drawn with pdf.js's own metric-compatible files,
    // copied into the build by web/vite.config.ts, never with a font of the device: the zones are placed on the
    // text as the PDF lays it out, on any tablet.
    useSystemFonts: false,
    standardFontDataUrl: `${import.meta.env.BASE_URL}pdfjs/standard_fonts/`,
  }).promise;
  const pages: PdfPageHandle[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const base = page.getViewport({ scale: 1 });
    pages.push({
      width: base.width,
      height: base.height,
      async render(canvas) {
        const ratio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: PDF_SCALE * ratio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${base.width * PDF_SCALE}px`;
        canvas.style.height = `${base.height * PDF_SCALE}px`;
        await page.render({ canvas, viewport }).promise;
      },
    });
  }
  return pages;
}

/** The pages of the PDF at an API path, loaded once per path. */
export function usePdf(path: string | null): { pages: PdfPageHandle[] | null; error: boolean } {
  const [state, setState] = useState<{ path: string | null; pages: PdfPageHandle[] | null; error: boolean }>({
    path: null,
    pages: null,
    error: false,
  });
  useEffect(() => {
    if (!path) return;
    let live = true;
    api
      .blob(path, { silent: true })
      .then((blob) => blob.arrayBuffer())
      .then(openPdf)
      .then(
        (pages) => live && setState({ path, pages, error: false }),
        () => live && setState({ path, pages: null, error: true }),
      );
    return () => {
      live = false;
    };
  }, [path]);
  return state.path === path ? state : { pages: null, error: false };
}

/** One page drawn on a canvas at `PDF_SCALE`, with what lies on it (zones, attributes) as `children`. */
export function PdfPage({
  page,
  number,
  children,
}: {
  page: PdfPageHandle;
  number: number;
  children?: ReactNode;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current) void page.render(canvas.current);
  }, [page]);
  return (
    <div
      className="signature-page"
      data-testid="signature-page"
      data-page={number}
      style={{ width: page.width * PDF_SCALE, height: page.height * PDF_SCALE }}
    >
      <canvas ref={canvas} />
      {children}
    </div>
  );
}

/** The pages of a PDF one under another, each with its overlay; loading and failure states. */
export function PdfPages({
  path,
  overlay,
}: {
  path: string;
  overlay?: (page: number, handle: PdfPageHandle) => ReactNode;
}) {
  const { t } = useTranslation();
  const { pages, error } = usePdf(path);
  if (error) return <Alert type="error" showIcon title={t('signatures.pdfFailed')} />;
  if (!pages) return <Spin data-testid="signature-pdf-loading" description={t('signatures.pdfLoading')} />;
  return (
    <div className="signature-pages">
      {pages.map((page, index) => (
        <PdfPage key={index} page={page} number={index + 1}>
          {overlay?.(index + 1, page)}
        </PdfPage>
      ))}
    </div>
  );
}
