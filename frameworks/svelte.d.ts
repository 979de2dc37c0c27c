// <kyc-verify> in Svelte 5 templates: `import type {} from 'kyc-verify/types/svelte';` once in the app.
// Svelte 5 takes the same names as React 19's JSX (attributes, `onkyc-*` handlers, `strings` set as a
// property), so the props generated for JSX type it too.
import type { HTMLAttributes } from 'svelte/elements';
import type { KycVerify } from '../dist/lib/index.js';
import type { KycVerifyProps } from './generated/jsx.js';

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'kyc-verify': Omit<HTMLAttributes<KycVerify>, keyof KycVerifyProps> & KycVerifyProps;
  }
}
