/**
 * A chunk of the element loaded the first time it is wanted: `import()`, which both builds resolve
 * relative to the module that asks (beside the bundle, for the standalone one). Gives the chunk
 * once here, `undefined` while it loads (`loaded` is called once it is here), and `fallback` when
 * it cannot load (only the bundle copied), after one warning that names `file` (the standalone
 * bundle's name for it: not every browser's error names it) and says what shows `instead`.
 */
export function lazyChunk<T>(load: () => Promise<T>, fallback: T, file: string, instead: string): (loaded: () => void) => T | undefined {
  let chunk: T | undefined;
  let loading: Promise<void> | undefined;
  return (loaded) => {
    if (chunk === undefined) {
      loading ??= load().then(
        (module) => void (chunk = module),
        (error: Error) => {
          chunk = fallback;
          console.warn(`<kyc-verify>: ${file} did not load (${error.message}); ${instead}. Copy it beside the bundle.`);
        },
      );
      void loading.then(loaded);
    }
    return chunk;
  };
}
