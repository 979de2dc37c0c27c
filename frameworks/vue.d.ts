// <kyc-verify> in Vue templates: `import type {} from 'kyc-verify/types/vue';` once in the app.
// The props generated for JSX, with each `onkyc-*` handler named as Vue looks up `@kyc-*` listeners,
// and each attribute camelCased as vue-tsc looks up `session-url` (else it takes it for an unchecked attribute).
import type { DefineComponent } from 'vue';
import type { KycVerifyProps } from './generated/jsx.js';

/** `state-change` → `StateChange`. */
type Pascal<Name extends string> = Name extends `${infer Head}-${infer Tail}` ? `${Capitalize<Head>}${Pascal<Tail>}` : Capitalize<Name>;

type VueListeners = {
  [Handler in keyof KycVerifyProps as Handler extends `onkyc-${infer Event}` ? `onKyc${Pascal<Event>}` : never]: KycVerifyProps[Handler];
};

type VueAttributes = {
  [Name in keyof KycVerifyProps as Name extends `onkyc-${string}` ? never : Uncapitalize<Pascal<Name>>]: KycVerifyProps[Name];
};

type VueProps = VueAttributes & VueListeners;

declare module 'vue' {
  interface GlobalComponents {
    'kyc-verify': DefineComponent<VueProps>;
  }
}
