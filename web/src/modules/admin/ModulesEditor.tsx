import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { MODULES, type ModuleCode } from '@strazce/contract';

interface ModulesEditorProps {
  id?: string;
  value?: ModuleCode[];
  onChange?: (value: ModuleCode[]) => void;
  disabled?: boolean;
}

/** The modules of a site, each switched on or off. */
export function ModulesEditor({ id, value = [], onChange, disabled }: ModulesEditorProps) {
  const { t } = useTranslation();
  const enabled = new Set(value);
  return (
    <div id={id} className="admin-modules">
      {MODULES.map((module) => (
        <label key={module} className="admin-module">
          <span>
            <span className="admin-module-name">{t(`entity.modules.${module}`)}</span>
            <span className="admin-role-code">{module}</span>
          </span>
          <Switch
            size="small"
            checked={enabled.has(module)}
            disabled={disabled}
            aria-label={t(`entity.modules.${module}`)}
            onChange={(on) =>
              onChange?.(MODULES.filter((item) => (item === module ? on : enabled.has(item))))
            }
          />
        </label>
      ))}
    </div>
  );
}
