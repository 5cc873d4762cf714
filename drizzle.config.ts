import { defineConfig } from 'drizzle-kit';

/** `npx drizzle-kit generate` turns server/db/schema.ts into the committed SQL migrations. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
