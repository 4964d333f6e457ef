import { Alert, Space, Tag, Tooltip } from 'antd';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accessGroup, userLoginProblems, type UserLoginProblem } from '@strazce/contract';
import { api } from '../../lib/api';
import { entityQueryKey } from '../../components/crud/CrudDialog';
import type { Row } from '../../components/crud/fieldWire';

const ids = (value: unknown): number[] => (Array.isArray(value) ? (value as number[]) : []);

/**
 * The user form's warning (`CrudPageProps.formWarning`): why the user being edited will not be able to log in
 * or work, from what the form would save (own roles, the roles of the chosen groups, sites). The contract's
 * `userLoginProblems` decides, as for the list's state column; the admin may save anyway.
 */
export function UserLoginWarning({ input }: { input: Record<string, unknown> }) {
  const { t } = useTranslation();
  const groups = useQueries({
    queries: ids(input.groups).map((id) => ({
      queryKey: [...entityQueryKey(accessGroup), 'roles', id],
      queryFn: () => api.get<Row>(`/${accessGroup.resource}/${id}`, { silent: true }),
      staleTime: 30_000,
    })),
  });
  // Until the chosen groups' roles are known, no warning that they might take back.
  if (groups.some((group) => group.isPending)) return null;
  const roles = [
    ...(Array.isArray(input.roles) ? (input.roles as string[]) : []),
    ...groups.flatMap((group) =>
      group.data && group.data.valid !== false ? ((group.data.roles as string[] | undefined) ?? []) : [],
    ),
  ];
  const problems = userLoginProblems({ roles, sites: ids(input.sites).length });
  if (problems.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="crud-alert"
      data-testid="user-login-warning"
      title={t('entity.access_user.loginState.warningTitle')}
      description={
        <>
          <ul className="user-login-problems">
            {problems.map((problem) => (
              <li key={problem} data-testid={`user-login-warning-${problem}`}>
                {t(`entity.access_user.loginState.explain.${problem}`)}
              </li>
            ))}
          </ul>
          {t('entity.access_user.loginState.saveAnyway')}
        </>
      }
    />
  );
}

/** The users list's state cell: a tag per reason the user cannot log in (computed by the server), else "OK". */
export function UserLoginStateCell({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const problems = (Array.isArray(value) ? value : []) as UserLoginProblem[];
  if (problems.length === 0)
    return (
      <Tag color="success" data-testid="user-login-state">
        {t('entity.access_user.loginState.ok')}
      </Tag>
    );
  return (
    <Space size={[0, 4]} wrap data-testid="user-login-state">
      {problems.map((problem) => (
        <Tooltip key={problem} title={t(`entity.access_user.loginState.explain.${problem}`)}>
          <Tag color={problem === 'BROWSER_NOT_AUTHORIZED' ? 'warning' : 'error'}>
            {t(`entity.access_user.loginState.tag.${problem}`)}
          </Tag>
        </Tooltip>
      ))}
    </Space>
  );
}
