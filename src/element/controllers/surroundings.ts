import type { ReactiveElement } from 'lit';

let pixel: CanvasRenderingContext2D;

/** Whether `color` (any CSS colour: rgb, hex, oklch, color-mix…, as a one-pixel canvas paints it) is mostly opaque, and then whether it is dark. */
function darkness(color: string): boolean | null {
  pixel ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
  pixel.clearRect(0, 0, 1, 1);
  pixel.fillStyle = color;
  pixel.fillRect(0, 0, 1, 1);
  const [r, g, b, alpha] = pixel.getImageData(0, 0, 1, 1).data;
  // Relative luminance (sRGB's curve as a 2.2 power) under 0.18, where light text reads better than dark.
  return alpha! > 127 ? 0.2126 * r! ** 2.2 + 0.7152 * g! ** 2.2 + 0.0722 * b! ** 2.2 < 0.18 * 255 ** 2.2 : null;
}

/**
 * Gives `host` the custom state `dark` or `light` from the first mostly opaque background behind it
 * (its own, its slot's or parent's, up through shadow roots), none when the canvas shows (painted as
 * the page's `color-scheme` says): its colours then belong to a page that paints itself dark, or
 * light, without declaring it. Followed while connected: the attributes of `<html>` and `<body>`
 * (a theme class, `data-theme`), what `<head>` holds (a style sheet, a meta tag), the system's preference.
 */
export function followSurroundings(host: ReactiveElement, states: CustomStateSet): void {
  const system = matchMedia('(prefers-color-scheme: dark)');
  const check = () => {
    let dark: boolean | null = null;
    for (
      let box: Element | null = host;
      box && dark === null;
      box = box.assignedSlot ?? box.parentElement ?? (box.getRootNode() as ShadowRoot).host
    ) {
      dark = darkness(getComputedStyle(box).backgroundColor);
    }
    try {
      states.clear();
      if (dark !== null) states.add(dark ? 'dark' : 'light');
    } catch {
      // A browser before :state() (Chrome 125, Firefox 126): the page's color-scheme alone.
    }
  };
  const observer = new MutationObserver(check);
  host.addController({
    hostConnected() {
      const { documentElement, head, body } = document;
      for (const root of [documentElement, body]) if (root) observer.observe(root, { attributes: true });
      observer.observe(head, { childList: true });
      system.onchange = check;
      check();
    },
    hostDisconnected() {
      observer.disconnect();
      system.onchange = null;
    },
  });
}
