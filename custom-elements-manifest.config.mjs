// custom-elements.json documents the element's public API from its source (JSDoc and Lit properties).
export default {
  globs: ['src/index.ts', 'src/define.ts', 'src/element/**/*.ts'],
  exclude: ['src/**/*.d.ts'],
  outdir: '.',
  litelement: true,
  packagejson: false,
};
