import { renderToStaticMarkup } from 'react-dom/server';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { Language } from '@strazce/contract';
import { loginTexts } from '../../locales/loginTexts';
import { SessionProvider } from '../../lib/session';
import LoginPage from './LoginPage';

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
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/login']}>
        <SessionProvider>
          <LoginPage />
        </SessionProvider>
      </MemoryRouter>
    </I18nextProvider>,
  );
}
