import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 36 (decision 0090): the server's npm packages are bundled into dist/server.js, which took a third off a
// restart's CPU. A bundled package that uses __dirname (undefined in an ES module) or that the bundle must still
// find in node_modules fails only when that path runs, in production: both are checked here on the real build.

interface BuildModule {
  SERVER_EXTERNAL: string[];
  serverBuild: object;
}
interface Output {
  entryPoint?: string;
  imports: { path: string; external?: boolean }[];
}

const apiRoot = path.resolve(import.meta.dirname, '..');
const BUILTIN = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

describe('the server bundle', () => {
  it('bundles every npm package but the listed ones, and uses no __dirname or __filename', async () => {
    const buildFile = path.join(apiRoot, 'build.mjs');
    const { SERVER_EXTERNAL, serverBuild } = (await import(buildFile)) as BuildModule;
    const { build } = await import('esbuild');
    const result = await build({
      ...serverBuild,
      write: false,
      metafile: true,
      sourcemap: false,
      logLevel: 'silent',
    });
    const [output] = Object.values(result.metafile.outputs as Record<string, Output>).filter((o) => o.entryPoint);
    const loaded = new Set(
      output!.imports.filter((i) => i.external && !BUILTIN.has(i.path)).map((i) => packageOf(i.path)),
    );
    expect([...loaded].filter((name) => !SERVER_EXTERNAL.includes(name))).toEqual([]);
    // The native addons are loaded from node_modules at least.
    expect(loaded.has('sharp')).toBe(true);
    const code = result.outputFiles.find((f) => f.path.endsWith('server.js'))!.text;
    expect(code.match(/\b__(dirname|filename)\b/g) ?? []).toEqual([]);
  });
});
