import { useEffect, useRef } from 'react';
import { ClearOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';
import { SIGNATURE_IMAGE_MAX_PIXELS, SIGNATURE_IMAGE_MAX_PX } from '@strazce/contract';

/**
 * A canvas to sign on with a finger, a pen or the mouse (signature_pad), in the zone's proportions so that the
 * image fills the zone in the PDF. `onChange` gets the PNG (data URL, transparent background) after each
 * stroke, or null when cleared.
 */
export function SignatureCanvas({
  ratio,
  onChange,
  testId,
}: {
  /** Width ÷ height of the zone. */
  ratio: number;
  onChange(png: string | null): void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const element = canvas.current!;
    const signaturePad = new SignaturePad(element, { penColor: '#0b2a8a', minWidth: 0.8, maxWidth: 2.6 });
    // The drawing surface follows the canvas's laid-out size (the panel's width, the zone's proportions), at
    // the screen's pixel density; what was drawn is kept.
    const fit = () => {
      const { width, height } = element.getBoundingClientRect();
      if (!width || !height) return;
      // Within SIGNATURE_IMAGE_MAX_PX a side and SIGNATURE_IMAGE_MAX_PIXELS in all: the server refuses more.
      const scale = Math.min(
        Math.max(window.devicePixelRatio || 1, 1),
        SIGNATURE_IMAGE_MAX_PX / Math.max(width, height),
        Math.sqrt(SIGNATURE_IMAGE_MAX_PIXELS / (width * height)),
      );
      const strokes = signaturePad.toData();
      element.width = Math.floor(width * scale);
      element.height = Math.floor(height * scale);
      element.getContext('2d')?.scale(scale, scale);
      signaturePad.clear();
      signaturePad.fromData(strokes);
    };
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    fit();
    signaturePad.addEventListener('endStroke', () =>
      changed.current(signaturePad.isEmpty() ? null : signaturePad.toDataURL('image/png')),
    );
    pad.current = signaturePad;
    return () => {
      observer.disconnect();
      signaturePad.off();
    };
  }, []);

  return (
    <div className="signature-canvas">
      <canvas
        ref={canvas}
        style={{ aspectRatio: String(ratio) }}
        data-testid={testId}
        aria-label={t('signatures.signing.canvas')}
      />
      <Button
        size="small"
        icon={<ClearOutlined />}
        onClick={() => {
          pad.current?.clear();
          onChange(null);
        }}
      >
        {t('signatures.signing.clear')}
      </Button>
    </div>
  );
}
