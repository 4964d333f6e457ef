/** A language file's texts of the login page (web/vite.config.ts `loginTextsModules`, src/locales/loginTexts.ts). */
declare module 'virtual:login-texts/*' {
  const texts: Record<string, unknown>;
  export default texts;
}
