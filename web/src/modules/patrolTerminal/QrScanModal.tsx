import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

type CameraProblem = 'denied' | 'noCamera' | 'unavailable' | 'failed';

/** Why the camera did not start, from getUserMedia's error. */
function cameraProblem(error: unknown): CameraProblem {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError')
    return 'noCamera';
  return 'failed';
}

/**
 * Reads a QR code with the device's camera (the back one where there are two): the decoder (@zxing/browser,
 * no worker and no WebAssembly, which the app's Content-Security-Policy would refuse) loads when the dialog
 * opens, not with the page. Calls `onResult` with the code's text once and closes. A refused permission or a
 * missing camera is said in words; typing the code stays possible on the page.
 */
export function QrScanModal({
  open,
  title,
  onResult,
  onClose,
}: {
  open: boolean;
  title: string;
  onResult(text: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [starting, setStarting] = useState(true);
  const onResultRef = useRef(onResult);
  onResultRef.current = onResult;

  useEffect(() => {
    if (!open) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    setProblem(null);
    setStarting(true);
    if (!navigator.mediaDevices?.getUserMedia) {
      // No camera API: an old browser, or a page not served over HTTPS.
      setProblem('unavailable');
      setStarting(false);
      return;
    }
    void (async () => {
      try {
        const { BrowserQRCodeReader } = await import('@zxing/browser');
        if (cancelled || !video.current) return;
        const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 150 });
        const controls = await reader.decodeFromConstraints(
          { video: { facingMode: 'environment' }, audio: false },
          video.current,
          (result, _error, scanControls) => {
            if (!result || cancelled) return;
            cancelled = true;
            scanControls.stop();
            onResultRef.current(result.getText());
          },
        );
        if (cancelled) controls.stop();
        else stop = () => controls.stop();
      } catch (error) {
        if (!cancelled) setProblem(cameraProblem(error));
      } finally {
        if (!cancelled) setStarting(false);
      }
    })();
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [open]);

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button size="large" onClick={onClose} data-testid="terminal-qr-close">
          {t('crud.close')}
        </Button>
      }
      width={560}
    >
      <div className="pt-qr" data-testid="terminal-qr">
        {problem ? (
          <Alert
            type="warning"
            showIcon
            title={t(`patrolTerminal.camera.${problem}`)}
            data-testid="terminal-qr-problem"
          />
        ) : (
          <>
            <video ref={video} className="pt-qr-video" muted playsInline />
            {starting ? (
              <Spin className="pt-qr-spin" />
            ) : (
              <p className="pt-qr-hint">{t('patrolTerminal.camera.aim')}</p>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
