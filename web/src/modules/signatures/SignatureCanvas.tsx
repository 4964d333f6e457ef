import { useEffect, useRef } from 'react';
import { ClearOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';

/** The largest width of a signature canvas in CSS pixels (a phone gets its screen's width). */
const MAX_WIDTH = 420;

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
    const width = Math.min(MAX_WIDTH, element.parentElement?.clientWidth || MAX_WIDTH);
    const height = Math.max(60, Math.round(width / ratio));
    const scale = Math.max(window.devicePixelRatio || 1, 1);
    element.width = width * scale;
    element.height = height * scale;
    element.style.width = `${width}px`;
    element.style.height = `${height}px`;
    element.getContext('2d')?.scale(scale, scale);
    const signaturePad = new SignaturePad(element, { penColor: '#0b2a8a', minWidth: 0.8, maxWidth: 2.6 });
    signaturePad.addEventListener('endStroke', () =>
      changed.current(signaturePad.isEmpty() ? null : signaturePad.toDataURL('image/png')),
    );
    pad.current = signaturePad;
    return () => signaturePad.off();
  }, [ratio]);

  return (
    <div className="signature-canvas">
      <canvas ref={canvas} data-testid={testId} aria-label={t('signatures.signing.canvas')} />
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
