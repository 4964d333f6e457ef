import { renderToStaticMarkup } from 'react-dom/server';
import { createInstance } from 'i18next';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { Language } from '@strazce/contract';
import { loginTexts } from '../../locales/loginTexts';
import { SessionProvider } from '../../lib/session';
import LoginPage from './LoginPage';

/**
 * The login page on its own, outside the app: at `/login` of a router of its own, with its session and the given
 * texts. What the build renders below, and what the login page's component test renders (LoginPage.test.tsx).
 */
export function StandaloneLoginPage({ i18n }: { i18n: I18n }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/login']}>
        <SessionProvider>
          <LoginPage />
        </SessionProvider>
      </MemoryRouter>
    </I18nextProvider>
  );
}

/**
 * The login page as HTML in one language, rendered by the build (web/vite.config.ts) for index.html's copy of it
 * (lib/loginShell.ts): the same component the app mounts, so that the app's page takes its place unseen.
 */
export async function loginShellMarkup(language: Language, texts: Record<string, unknown>): Promise<string> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    resources: { [language]: { translation: loginTexts(texts) } },
    interpolation: { escapeValue: false },
  });
  return renderToStaticMarkup(<StandaloneLoginPage i18n={i18n} />);
}
