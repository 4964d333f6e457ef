import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every Drizzle table: the platform's own and each module's (docs/development.md, "Layers").
  schema: ['./src/platform/*.tables.ts', './src/modules/*/*.tables.ts'],
  out: './drizzle',
  casing: 'snake_case',
});
