/** Further apart than this, the kit's clock and the service's disagree; closer, a `Date` header cannot tell them apart. */
const TOLERANCE_MS = 1500;

/**
 * The KYC service's clock as the kit reads it from the `Date` header of the service's answers: the
 * kit's clock, moved by how far the service's was ahead or behind when they last disagreed. The
 * deadlines a status carries are on the service's clock, so the time it is answered at must be too.
 * A `Date` has whole seconds: a reading is taken at the second's end, so that the kit is not behind
 * the service and a countdown never shows more time than is left.
 */
export class ServiceClock {
  #offsetMs = 0;

  readonly now = (): number => Date.now() + this.#offsetMs;

  /** Reads the `Date` header of an answer just received. */
  observe(date: string | null): void {
    const served = Date.parse(date ?? '');
    if (Number.isNaN(served)) return;
    const offset = served + 1000 - Date.now();
    if (Math.abs(offset - this.#offsetMs) > TOLERANCE_MS) this.#offsetMs = offset;
  }
}
