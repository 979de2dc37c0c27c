import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** How long the note beside the copy button stays. */
const NOTE_MS = 4000;

/**
 * Copies the link and says what came of it in a note that clears itself, so that a second copy is
 * news again; a failure stays (the view shows the link under it, to select by hand) until the next copy.
 */
export class CopyNote implements ReactiveController {
  note: 'linkCopied' | 'copyFailed' | null = null;
  #timer?: ReturnType<typeof setTimeout>;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  async copy(link: string): Promise<void> {
    // Emptied first, so that the live region announces a second copy too.
    this.clear();
    await this.host.updateComplete;
    try {
      await navigator.clipboard.writeText(link);
      this.#show('linkCopied');
      this.#timer = setTimeout(() => this.clear(), NOTE_MS);
    } catch {
      this.#show('copyFailed');
    }
  }

  clear(): void {
    this.#show(null);
  }

  hostDisconnected(): void {
    this.clear();
  }

  #show(note: CopyNote['note']): void {
    clearTimeout(this.#timer);
    this.note = note;
    this.host.requestUpdate();
  }
}
