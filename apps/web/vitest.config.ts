import { defineProject } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';

export default defineProject({
  // Tests that render in Chichewa import its catalogue, compiled as the build does.
  plugins: [lingui({ configPath: fileURLToPath(new URL('lingui.config.ts', import.meta.url)) })],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
