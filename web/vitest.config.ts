import { defineConfig } from 'vitest/config';
import { loginTextsModules } from './vite.config';

export default defineConfig({
  // lib/i18n.ts imports a language's login texts from the build's virtual module.
  plugins: [loginTextsModules()],
  test: { include: ['src/**/*.test.{ts,tsx}'], environment: 'node' },
});
