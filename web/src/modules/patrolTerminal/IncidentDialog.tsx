import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { CameraOutlined, DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { INCIDENT_CONSEQUENCES, type IncidentConsequence } from '@strazce/contract';
import { downscalePhoto } from './photo';
import type { IncidentInput, TerminalCheckpoint } from './round';
import type { TerminalIncidentType } from './terminalApi';

/**
 * Raising an incident on the round: type (the site's patrol incident types, kept for offline use), consequence,
 * report, description, the checkpoint where the guard is, and a photo from the camera or a file, scaled down
 * before it is queued. Plain controls (native selects: the phone's own picker), big enough for a glove.
 */
export function IncidentDialog({
  open,
  incidentTypes,
  checkpoints,
  atCheckpoint,
  onSubmit,
  onClose,
}: {
  open: boolean;
  incidentTypes: TerminalIncidentType[];
  checkpoints: TerminalCheckpoint[];
  atCheckpoint: number | null;
  onSubmit(input: IncidentInput, photo: Blob | null): Promise<void>;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [incidentType, setIncidentType] = useState<number | null>(null);
  const [consequence, setConsequence] = useState<IncidentConsequence>('NORMAL');
  const [report, setReport] = useState('');
  const [description, setDescription] = useState('');
  const [checkpoint, setCheckpoint] = useState<number | null>(atCheckpoint);
  const [checked, setChecked] = useState(false);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [photoBusy, setPhotoBusy] = useState(false);
  const [photoProblem, setPhotoProblem] = useState(false);
  const [saving, setSaving] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!photo) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  useEffect(() => {
    if (!open) return;
    setIncidentType(null);
    setConsequence('NORMAL');
    setReport('');
    setDescription('');
    setCheckpoint(atCheckpoint);
    setChecked(false);
    setPhoto(null);
    setPhotoProblem(false);
  }, [open, atCheckpoint]);

  const pickPhoto = async (file: File | undefined) => {
    if (!file) return;
    setPhotoBusy(true);
    setPhotoProblem(false);
    try {
      setPhoto(await downscalePhoto(file));
    } catch {
      setPhotoProblem(true);
    } finally {
      setPhotoBusy(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const typeMissing = incidentType === null;
  const reportMissing = report.trim() === '';

  const submit = async () => {
    setChecked(true);
    if (typeMissing || reportMissing) return;
    setSaving(true);
    try {
      await onSubmit(
        {
          incidentType,
          consequence,
          report: report.trim(),
          description: description.trim() || null,
          checkpoint,
        },
        photo,
      );
      onClose();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('patrolTerminal.incident.title')}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      footer={[
        <Button key="cancel" size="large" onClick={onClose}>
          {t('crud.cancel')}
        </Button>,
        <Button
          key="submit"
          size="large"
          type="primary"
          danger
          loading={saving}
          disabled={photoBusy}
          onClick={() => void submit()}
          data-testid="terminal-incident-submit"
        >
          {t('patrolTerminal.incident.submit')}
        </Button>,
      ]}
    >
      <Form
        layout="vertical"
        size="large"
        component="form"
        className="pt-form"
        data-testid="terminal-incident-form"
        onFinish={() => void submit()}
      >
        {incidentTypes.length === 0 && (
          <Alert type="warning" showIcon title={t('patrolTerminal.incident.noTypes')} className="pt-alert" />
        )}
        <Form.Item
          label={t('entity.incident.fields.type')}
          htmlFor="pt-incident-type"
          required
          validateStatus={checked && typeMissing ? 'error' : undefined}
          help={checked && typeMissing ? t('validation.required') : undefined}
        >
          <select
            id="pt-incident-type"
            className={checked && typeMissing ? 'pt-select error' : 'pt-select'}
            value={incidentType ?? ''}
            onChange={(event) => setIncidentType(event.target.value ? Number(event.target.value) : null)}
            aria-invalid={checked && typeMissing ? true : undefined}
            data-testid="terminal-incident-type"
          >
            <option value="">{t('crud.choose')}</option>
            {incidentTypes.map((type) => (
              <option key={type.id} value={type.id}>
                {type.name}
              </option>
            ))}
          </select>
        </Form.Item>
        <Form.Item
          label={<span id="pt-incident-consequence">{t('entity.incident.fields.consequence')}</span>}
        >
          <div
            className="pt-choice"
            role="radiogroup"
            aria-labelledby="pt-incident-consequence"
            data-testid="terminal-incident-consequence"
          >
            {INCIDENT_CONSEQUENCES.map((value) => (
              <button
                type="button"
                key={value}
                role="radio"
                aria-checked={consequence === value}
                className={consequence === value ? `pt-choice-item current ${value}` : 'pt-choice-item'}
                onClick={() => setConsequence(value)}
                data-value={value}
              >
                {t(`entity.incident.values.consequence.${value}`)}
              </button>
            ))}
          </div>
        </Form.Item>
        <Form.Item
          label={t('entity.incident.fields.report')}
          htmlFor="pt-incident-report"
          required
          validateStatus={checked && reportMissing ? 'error' : undefined}
          help={checked && reportMissing ? t('validation.required') : undefined}
        >
          <Input
            id="pt-incident-report"
            value={report}
            onChange={(event) => setReport(event.target.value)}
            maxLength={200}
            data-testid="terminal-incident-report"
          />
        </Form.Item>
        <Form.Item label={t('entity.incident.fields.description')} htmlFor="pt-incident-description">
          <Input.TextArea
            id="pt-incident-description"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            maxLength={4000}
            autoSize={{ minRows: 2, maxRows: 6 }}
            data-testid="terminal-incident-description"
          />
        </Form.Item>
        <Form.Item label={t('patrolTerminal.incident.checkpoint')} htmlFor="pt-incident-checkpoint">
          <select
            id="pt-incident-checkpoint"
            className="pt-select"
            value={checkpoint ?? ''}
            onChange={(event) => setCheckpoint(event.target.value ? Number(event.target.value) : null)}
            data-testid="terminal-incident-checkpoint"
          >
            <option value="">{t('patrolTerminal.incident.noCheckpoint')}</option>
            {checkpoints.map((one) => (
              <option key={one.id} value={one.id}>
                {one.name}
              </option>
            ))}
          </select>
        </Form.Item>
        <Form.Item label={t('patrolTerminal.incident.photo')}>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            capture="environment"
            className="pt-file"
            onChange={(event) => void pickPhoto(event.target.files?.[0])}
            data-testid="terminal-incident-photo"
            aria-label={t('patrolTerminal.incident.photo')}
          />
          {preview ? (
            <div className="pt-photo">
              <img
                src={preview}
                alt={t('patrolTerminal.incident.photo')}
                data-testid="terminal-incident-photo-preview"
              />
              <Button icon={<DeleteOutlined />} onClick={() => setPhoto(null)}>
                {t('patrolTerminal.incident.removePhoto')}
              </Button>
            </div>
          ) : (
            <Button
              icon={<CameraOutlined />}
              loading={photoBusy}
              onClick={() => fileInput.current?.click()}
              block
              data-testid="terminal-incident-photo-button"
            >
              {t('patrolTerminal.incident.takePhoto')}
            </Button>
          )}
          {photoProblem && <Alert type="error" showIcon title={t('patrolTerminal.incident.photoFailed')} />}
        </Form.Item>
      </Form>
    </Modal>
  );
}
