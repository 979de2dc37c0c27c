import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** How long a change must hold before it is said: a newer one within it replaces it, so that no announcement is cut off by the next. */
const SETTLE_MS = 500;
/** How long what was said stays in the live region before it is emptied: no stale words are left beside what the screen shows. */
const HOLD_MS = 1000;

/**
 * The element's one polite live region: it says what changed, once, in as few announcements as
 * possible. The view gives it what is to be heard, by channel (`follow`); each channel that changed
 * is said, together with the others that changed, once they have all held for SETTLE_MS, and the
 * region is emptied HOLD_MS later.
 */
export class Announcer implements ReactiveController {
  /** What the live region holds now. */
  spoken = '';
  #said: readonly string[] = [];
  #wanted: readonly string[] = [];
  #timer?: ReturnType<typeof setTimeout>;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** What is to be heard now, by channel; an empty channel says nothing. */
  follow(channels: string[]): void {
    if (channels.join('\n') === this.#wanted.join('\n')) return;
    this.#wanted = channels;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(this.#say, SETTLE_MS);
  }

  hostDisconnected(): void {
    // What was not said yet is said on the next connection, if it still holds.
    clearTimeout(this.#timer);
    this.#wanted = this.#said;
    this.spoken = '';
  }

  #say = (): void => {
    const news = this.#wanted.filter((words, channel) => words && words !== this.#said[channel]);
    this.#said = this.#wanted;
    this.#show(news.join(' '));
    if (news.length) this.#timer = setTimeout(() => this.#show(''), HOLD_MS);
  };

  #show(text: string): void {
    this.spoken = text;
    this.host.requestUpdate();
  }
}
