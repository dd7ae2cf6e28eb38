import { defineProject } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import { REACT_ON_PREACT } from './vite.config';

const ISOLATED = 'src/**/*.isolated.test.{ts,tsx}';

/**
 * The web tests, as two projects of the root vitest.config.ts. `web` shares one page and module graph per
 * worker instead of one per file (81 s -> 31 s); src/test/setup.ts puts the page back after every test.
 * A file that mocks a module (vi.mock) needs its own graph, so it is named *.isolated.test.* and runs in
 * `web-isolated`; lint refuses vi.mock anywhere else.
 */
export function webProject(isolated: boolean) {
  return defineProject({
    root: fileURLToPath(new URL('.', import.meta.url)),
    // Tests that render in Chichewa import its catalogue, compiled as the build does.
    plugins: [lingui({ configPath: fileURLToPath(new URL('lingui.config.ts', import.meta.url)) })],
    // On the runtime the app ships with; the libraries that import React are bundled here so the alias reaches them.
    resolve: {
      alias: [
        ...REACT_ON_PREACT,
        // Its ES module build, whose imports of React the alias rewrites (the CommonJS one's require() it cannot).
        { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' },
      ],
    },
    test: {
      server: {
        deps: { inline: [/@testing-library\/react/, /@tanstack\/react-query/, /react-hook-form/, /react-toastify/] },
      },
      name: isolated ? 'web-isolated' : 'web',
      environment: 'jsdom',
      include: isolated ? [ISOLATED] : ['src/**/*.test.{ts,tsx}'],
      exclude: isolated ? [] : [ISOLATED],
      isolate: isolated,
      setupFiles: ['src/test/setup.ts'],
    },
  });
}

export default webProject(false);
