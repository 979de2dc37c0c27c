// <kyc-verify> as a React component for React 18 and 19: settings become properties of the element
// (so `strings` stays an object and `defer={false}` is false), events become camelCase props.
// Importing this registers the tag, like `kyc-verify/define`.
import { createComponent, type EventName, type ReactWebComponent } from '@lit/react';
import * as React from 'react';
import { KycVerify as KycVerifyElement } from '../define.js';

/** An event name of the element, typed with its event class from `HTMLElementEventMap`. */
const event = <Type extends keyof HTMLElementEventMap>(type: Type) => type as EventName<HTMLElementEventMap[Type]>;

const events = {
  onStateChange: event('kyc-state-change'),
  onSuccessful: event('kyc-successful'),
  onFailed: event('kyc-failed'),
  onExpired: event('kyc-expired'),
  onError: event('kyc-error'),
  onContinue: event('kyc-continue'),
};

/** The props: the element's properties but the read-only `status` (setting it would throw), its events, React's own. */
type Props = Omit<React.ComponentProps<ReactWebComponent<KycVerifyElement, typeof events>>, 'status'>;

/** `<kyc-verify>` for React: `<KycVerify sessionUrl="/kyc/session" onSuccessful={(event) => …} />`. */
export const KycVerify: React.ForwardRefExoticComponent<Props> = createComponent({
  react: React,
  tagName: 'kyc-verify',
  elementClass: KycVerifyElement,
  displayName: 'KycVerify',
  events,
});

/** The props of `KycVerify`: the element's properties, `onSuccessful` and its siblings, and React's own. */
export type KycVerifyProps = React.ComponentProps<typeof KycVerify>;
