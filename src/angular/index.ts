// <kyc-verify> for Angular templates (kyc-verify/angular): its settings as typed inputs, which
// strictTemplates checks, each set on the element as a property once bound. Events stay the
// element's own, `(kyc-successful)="…"`, whose `$event` Angular types from HTMLElementEventMap.
// Importing this registers the tag, like `kyc-verify/define`.
import { Directive, ElementRef, inject, Input, type OnChanges, type SimpleChanges } from '@angular/core';
import '../define.js';
import type { KycVerify, KycVerifyMode, KycVerifyStrings } from '../index.js';

/** `<kyc-verify>`'s settings as inputs: `<kyc-verify [mode]="'qr'" [strings]="strings" (kyc-successful)="…">`. */
@Directive({ selector: 'kyc-verify' })
export class KycVerifyDirective implements OnChanges {
  @Input() transaction?: string;
  @Input() sessionUrl?: string;
  @Input() statusUrl?: string;
  @Input() verificationUrl?: string;
  @Input() link?: string;
  @Input() mode?: KycVerifyMode;
  @Input() pollInterval?: number;
  @Input() continueDelay?: number;
  @Input() requestTimeout?: number;
  @Input() defer?: boolean;
  @Input() noStream?: boolean;
  @Input() lang?: string;
  @Input() strings?: Partial<KycVerifyStrings>;

  readonly #element: KycVerify = inject<ElementRef<KycVerify>>(ElementRef).nativeElement;

  /** Sets the inputs bound in the template, and only those, so the element's defaults hold for the rest. */
  ngOnChanges(changes: SimpleChanges): void {
    for (const [name, { currentValue }] of Object.entries(changes)) Object.assign(this.#element, { [name]: currentValue });
  }
}
