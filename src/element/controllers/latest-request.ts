import { asRequestError, type RequestError } from './request.js';

/**
 * One request at a time, where only the latest counts: each run gets a fresh AbortController and
 * a call number, and a newer run or `cancel()` aborts it and drops whatever it answers later.
 */
export class LatestRequest {
  #calls = 0;
  #controller?: AbortController;
  #underWay = false;

  /** Whether the latest run is waiting for its answer. */
  get underWay(): boolean {
    return this.#underWay;
  }

  /** Aborts the request under way, if any; its answer is dropped. */
  cancel(): void {
    this.#calls++;
    this.#controller?.abort();
    this.#underWay = false;
  }

  /**
   * Runs `request` in place of the one under way. `onAnswer` gets its answer and `onError` its
   * failure (or what `onAnswer` throws), unless a newer run or a cancel came first. Resolves with
   * whether this run is still the latest once they are done.
   */
  async run<Answer>(
    request: (signal: AbortSignal) => Promise<Answer>,
    onAnswer: (answer: Answer) => void,
    onError: (error: RequestError) => void,
  ): Promise<boolean> {
    this.cancel();
    const call = this.#calls;
    const controller = (this.#controller = new AbortController());
    const latest = () => call === this.#calls;
    this.#underWay = true;
    try {
      const answer = await request(controller.signal);
      if (!latest()) return false;
      this.#underWay = false;
      onAnswer(answer);
    } catch (error) {
      if (!latest()) return false;
      this.#underWay = false;
      onError(asRequestError(error));
    }
    return latest();
  }
}
