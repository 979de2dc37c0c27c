/**
 * A chunk of the element loaded the first time it is wanted: `import()`, which both builds resolve
 * relative to the module that asks (beside the bundle, for the standalone one). Gives the chunk
 * once here, `undefined` while it loads (`loaded` is called once it is here), and `fallback` when
 * it cannot load (only the bundle copied), after one warning: `what` did not load (the error names
 * the file), and `instead`.
 */
export function lazyChunk<T>(load: () => Promise<T>, fallback: T, what: string, instead: string): (loaded: () => void) => T | undefined {
  let chunk: T | undefined;
  let loading: Promise<void> | undefined;
  return (loaded) => {
    if (chunk === undefined) {
      loading ??= load().then(
        (module) => void (chunk = module),
        (error: Error) => {
          chunk = fallback;
          console.warn(`<kyc-verify>: ${what} did not load (${error.message}); ${instead}`);
        },
      );
      void loading.then(loaded);
    }
    return chunk;
  };
}
