import { Badge, Checkbox, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSystemOption } from '../../lib/systemOptions';
import { SystemOptionState } from './SystemOptionState';

interface RolesEditorProps {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
}

/**
 * The roles of a user or group, grouped on the tabs of spec section 6 as the server offers them
 * (`GET /api/system_option/roles`); each tab shows how many are on.
 */
export function RolesEditor({ id, value = [], onChange, disabled }: RolesEditorProps) {
  const { t } = useTranslation();
  const options = useSystemOption('roles');
  if (!options.isSuccess)
    return (
      <div id={id} className="admin-roles">
        <SystemOptionState query={options} />
      </div>
    );
  const tabs = options.data;
  const held = new Set(value);
  const toggle = (role: string, on: boolean) => {
    const next = new Set(held);
    if (on) next.add(role);
    else next.delete(role);
    // Keep the server's order so the stored list is stable.
    onChange?.(tabs.flatMap((tab) => tab.roles).filter((item) => next.has(item)));
  };
  return (
    <div id={id} className="admin-roles">
      <Tabs
        tabPlacement="start"
        size="small"
        items={tabs.map(({ tab, roles }) => {
          const count = roles.filter((role) => held.has(role)).length;
          // A tab or role newer than this web app's texts shows its code.
          const tabName = t(`entity.roleTabs.${tab}`, { defaultValue: tab });
          return {
            key: tab,
            forceRender: true,
            label: (
              <span className="admin-roles-tab">
                {tabName}
                <Badge count={count} size="small" color="blue" />
              </span>
            ),
            children: (
              <div className="admin-roles-list" role="group" aria-label={tabName}>
                {roles.map((role) => (
                  <Checkbox
                    key={role}
                    checked={held.has(role)}
                    disabled={disabled}
                    onChange={(event) => toggle(role, event.target.checked)}
                  >
                    <span className="admin-role-name">
                      {t(`entity.roles.${role}`, { defaultValue: role })}
                    </span>
                    <span className="admin-role-code">{role}</span>
                  </Checkbox>
                ))}
              </div>
            ),
          };
        })}
      />
    </div>
  );
}
