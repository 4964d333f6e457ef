import { AppRouter } from './router';
import { AppUpdatePrompt } from './AppUpdatePrompt';

/**
 * The root: the router and the 'new version' prompt. Ant Design's theme is set where Ant Design is used
 * (components/AntdRoot): the login page loads without it.
 */
export function App() {
  return (
    <>
      <AppRouter />
      <AppUpdatePrompt />
    </>
  );
}
