import { Badge, Checkbox, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ROLE_TABS, type AssignableRole } from '@strazce/contract';

interface RolesEditorProps {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  disabled?: boolean;
}

type RoleTab = keyof typeof ROLE_TABS;

/** The roles of a user or group, grouped on the tabs of spec section 6; each tab shows how many are on. */
export function RolesEditor({ id, value = [], onChange, disabled }: RolesEditorProps) {
  const { t } = useTranslation();
  const held = new Set(value);
  const toggle = (role: AssignableRole, on: boolean) => {
    const next = new Set(held);
    if (on) next.add(role);
    else next.delete(role);
    // Keep the contract's order so the stored list is stable.
    onChange?.(
      Object.values(ROLE_TABS)
        .flat()
        .filter((item) => next.has(item)),
    );
  };
  return (
    <div id={id} className="admin-roles">
      <Tabs
        tabPlacement="start"
        size="small"
        items={(Object.keys(ROLE_TABS) as RoleTab[]).map((tab) => {
          const roles = ROLE_TABS[tab] as readonly AssignableRole[];
          const count = roles.filter((role) => held.has(role)).length;
          return {
            key: tab,
            forceRender: true,
            label: (
              <span className="admin-roles-tab">
                {t(`entity.roleTabs.${tab}`)}
                <Badge count={count} size="small" color="blue" />
              </span>
            ),
            children: (
              <div className="admin-roles-list" role="group" aria-label={t(`entity.roleTabs.${tab}`)}>
                {roles.map((role) => (
                  <Checkbox
                    key={role}
                    checked={held.has(role)}
                    disabled={disabled}
                    onChange={(event) => toggle(role, event.target.checked)}
                  >
                    <span className="admin-role-name">{t(`entity.roles.${role}`)}</span>
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
