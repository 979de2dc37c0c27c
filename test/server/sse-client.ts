/** A test's client of a Server-Sent Events stream, over fetch: the events as they come, by name. */
export interface StreamEvent {
  event: string;
  data: string;
  id?: string;
}

export async function openStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const events: StreamEvent[] = [];
  /** Each `retry:` the stream sent, in ms. */
  const retries: number[] = [];
  let read = 0;
  let waiting: (() => void) | null = null;
  const wake = () => waiting?.();
  const ended = (async () => {
    if (!response.ok || !response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = response.body.getReader();
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
          );
          if (fields.data !== undefined) events.push({ event: fields.event ?? 'message', data: fields.data, id: fields.id });
          if (fields.retry !== undefined) retries.push(Number(fields.retry));
          wake();
        }
      }
    } catch {
      // Aborted by close().
    }
    wake();
  })();
  let done = false;
  void ended.then(() => (done = true));
  return {
    response,
    /** Resolves when the server has closed the stream. */
    ended,
    retries,
    /** Events named `name` received so far, unread ones included. */
    seen: (name: string) => events.filter((event) => event.event === name),
    /** The next event named `name` after those already read; fails if the stream ends or 5 s pass first. */
    async next(name: string): Promise<StreamEvent> {
      const deadline = Date.now() + 5000;
      for (;;) {
        while (read < events.length) {
          const event = events[read++]!;
          if (event.event === name) return event;
        }
        if (done) throw new Error(`the stream ended before a ${name} event`);
        if (Date.now() > deadline) throw new Error(`no ${name} event within 5 s`);
        await new Promise<void>((resolve) => {
          waiting = resolve;
          setTimeout(resolve, 50);
        });
      }
    },
    close: () => controller.abort(),
  };
}
