import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ModuleCode } from '@strazce/contract';
import { useSystemOption } from '../../lib/systemOptions';
import { SystemOptionState } from './SystemOptionState';

interface ModulesEditorProps {
  id?: string;
  value?: ModuleCode[];
  onChange?: (value: ModuleCode[]) => void;
  disabled?: boolean;
}

/** The modules of a site, each switched on or off; the server says which there are (`/system_option/modules`). */
export function ModulesEditor({ id, value = [], onChange, disabled }: ModulesEditorProps) {
  const { t } = useTranslation();
  const options = useSystemOption('modules');
  if (!options.isSuccess)
    return (
      <div id={id} className="admin-modules">
        <SystemOptionState query={options} />
      </div>
    );
  const modules = options.data;
  const enabled = new Set(value);
  return (
    <div id={id} className="admin-modules">
      {modules.map((module) => (
        <label key={module} className="admin-module">
          <span>
            <span className="admin-module-name">
              {t(`entity.modules.${module}`, { defaultValue: module })}
            </span>
            <span className="admin-role-code">{module}</span>
          </span>
          <Switch
            size="small"
            checked={enabled.has(module)}
            disabled={disabled}
            aria-label={t(`entity.modules.${module}`, { defaultValue: module })}
            onChange={(on) =>
              onChange?.(modules.filter((item) => (item === module ? on : enabled.has(item))))
            }
          />
        </label>
      ))}
    </div>
  );
}
