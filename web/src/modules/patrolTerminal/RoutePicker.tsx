import { Button, Empty, Tag } from 'antd';
import { LogoutOutlined, OrderedListOutlined, RightOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PatrolSignIn } from '@strazce/contract';
import type { TerminalRoute } from './round';

/** The signed-in guard picks the route of the round: a tap starts it. */
export function RoutePicker({
  signIn,
  onStart,
  onSignOut,
}: {
  signIn: PatrolSignIn;
  onStart(route: TerminalRoute): void;
  onSignOut(): void;
}) {
  const { t } = useTranslation();
  return (
    <section className="pt-card" data-testid="terminal-routes">
      <h1 className="pt-title">{t('patrolTerminal.routes.title')}</h1>
      <p className="pt-lead">{t('patrolTerminal.routes.lead', { name: signIn.guard.name })}</p>
      {signIn.routes.length === 0 ? (
        <Empty description={t('patrolTerminal.routes.none')} />
      ) : (
        <ul className="pt-route-list">
          {signIn.routes.map((route) => (
            <li key={route.id}>
              <button
                type="button"
                className="pt-route"
                onClick={() => onStart(route)}
                data-testid="terminal-route"
                data-route-id={route.id}
                data-route-name={route.name}
              >
                <span className="pt-route-body">
                  <span className="pt-route-name">{route.name}</span>
                  {route.description && <span className="pt-route-description">{route.description}</span>}
                  <span className="pt-route-facts">
                    <Tag>{t('patrolTerminal.routes.checkpoints', { count: route.checkpoints.length })}</Tag>
                    {route.tasks.length > 0 && (
                      <Tag>{t('patrolTerminal.routes.tasks', { count: route.tasks.length })}</Tag>
                    )}
                    {route.ordered ? (
                      <Tag color="blue" icon={<OrderedListOutlined />} data-testid="terminal-route-ordered">
                        {t('patrolTerminal.routes.ordered')}
                      </Tag>
                    ) : (
                      <Tag icon={<SwapOutlined />}>{t('patrolTerminal.routes.anyOrder')}</Tag>
                    )}
                  </span>
                </span>
                <RightOutlined className="pt-route-go" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Button
        size="large"
        icon={<LogoutOutlined />}
        onClick={onSignOut}
        className="pt-big"
        data-testid="terminal-signout"
      >
        {t('patrolTerminal.routes.signOut')}
      </Button>
    </section>
  );
}
