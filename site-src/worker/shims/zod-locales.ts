/**
 * Zod's locales, English only: zod's namespace re-exports its 50 languages' error messages (260 KB
 * of the worker minified), and the playground's errors are read in English as the sandbox writes
 * them. The worker's build puts this module in place of zod's locales/index.js (build.ts).
 */
export { default as en } from 'zod/v4/locales/en.js';
