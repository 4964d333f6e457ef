import { Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { KBOX_TEMPLATE_PLACEHOLDERS, KBOX_TEMPLATE_SAMPLE, fillKboxTemplate } from '@strazce/contract';

/** The placeholders a template takes, as written in it (`{{recipient.name}}`). */
const PLACEHOLDERS = KBOX_TEMPLATE_PLACEHOLDERS.map((name) => `{{${name}}}`).join(' ');

/**
 * A message or subject template of a workflow: the text with its `{{placeholder}}`s, and below it the text as
 * it would go out, filled with sample values.
 */
export function TemplateInput({
  id,
  value,
  onChange,
  disabled,
  multiline,
}: {
  id?: string;
  value?: string | null;
  onChange?(value: string): void;
  disabled?: boolean;
  multiline: boolean;
}) {
  const { t } = useTranslation();
  const text = value ?? '';
  const change = (event: { target: { value: string } }) => onChange?.(event.target.value);
  return (
    <div className="kbox-template">
      {multiline ? (
        <Input.TextArea
          id={id}
          value={text}
          onChange={change}
          disabled={disabled}
          autoSize={{ minRows: 3 }}
        />
      ) : (
        <Input id={id} value={text} onChange={change} disabled={disabled} />
      )}
      <Typography.Text type="secondary" className="kbox-template-help">
        {t('kbox.template.placeholders')} <code>{PLACEHOLDERS}</code>
      </Typography.Text>
      {text.trim() && (
        <div className="kbox-template-preview" data-testid="kbox-template-preview">
          <Typography.Text type="secondary">{t('kbox.template.preview')}</Typography.Text>
          <div className="kbox-template-sample">{fillKboxTemplate(text, KBOX_TEMPLATE_SAMPLE)}</div>
        </div>
      )}
    </div>
  );
}
