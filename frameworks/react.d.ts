// <kyc-verify> in React 19's JSX, typed from the manifest (generated/jsx.d.ts):
// `import type {} from 'kyc-verify/types/react';` once in the app.
import type { CustomElements } from './generated/jsx.js';

declare module 'react' {
  namespace JSX {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface IntrinsicElements extends CustomElements {}
  }
}
