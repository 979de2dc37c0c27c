// Loaded into the page by test/e2e/matrix.test.ts (a plain script: tsx's transpiled functions may call
// helpers the page does not have). `screenAudit()` measures <kyc-verify> as the person sees it, from
// computed styles and laid-out boxes: each visible text's contrast with what is painted behind it
// (WCAG 1.4.3), each control's boundary against its surroundings (1.4.11), and whether any text or
// box leaves the viewport or the page scrolls sideways (1.4.4, 1.4.10).
(() => {
  const probe = document.createElement('canvas').getContext('2d', { willReadFrequently: true });

  /** Any CSS colour as [r, g, b, alpha] in 0–255, read from a one-pixel canvas. */
  function rgba(color) {
    probe.clearRect(0, 0, 1, 1);
    probe.fillStyle = color;
    probe.fillRect(0, 0, 1, 1);
    return [...probe.getImageData(0, 0, 1, 1).data];
  }

  const channel = (value) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const ratio = (a, b) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (light + 0.05) / (dark + 0.05);
  };
  /** `top` (with its alpha) painted over the opaque `under`. */
  const over = (top, under) => top.slice(0, 3).map((value, i) => (value * top[3] + under[i] * (255 - top[3])) / 255);

  const up = (element) => element.assignedSlot ?? element.parentElement ?? element.getRootNode().host ?? null;

  /** What the browser paints where nothing is: the root's canvas colour for the page's color-scheme. */
  function canvas() {
    const root = getComputedStyle(document.documentElement).backgroundColor;
    if (rgba(root)[3] === 255) return rgba(root);
    const body = document.body && getComputedStyle(document.body).backgroundColor;
    if (body && rgba(body)[3] === 255) return rgba(body);
    const marker = document.createElement('div');
    marker.style.background = 'Canvas';
    document.documentElement.append(marker);
    const painted = rgba(getComputedStyle(marker).backgroundColor);
    marker.remove();
    return painted;
  }

  /** The opaque colour painted behind `element` (its own background included): backgrounds composed from the canvas up. */
  function background(element) {
    const layers = [];
    for (let box = element; box; box = up(box)) layers.push(rgba(getComputedStyle(box).backgroundColor));
    return layers.reverse().reduce((under, layer) => over(layer, under), canvas());
  }

  /** Clipped to nothing on purpose (a live region heard, not seen, such as the countdown's announcements). */
  const visuallyHidden = (element) => {
    for (let box = element; box; box = box.parentElement) if (getComputedStyle(box).clipPath === 'inset(50%)') return true;
    return false;
  };
  const shown = (element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && !visuallyHidden(element);

  /** Every text node the person can see in `root` (a shadow root), with the element that colours it. */
  function visibleTexts(root) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const texts = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (node.textContent.trim() && parent && shown(parent) && !parent.closest('svg')) texts.push({ node, parent });
    }
    return texts;
  }

  const name = (element) => {
    const part = element.getAttribute('part');
    return `${element.localName}${part ? `[part="${part}"]` : element.className ? `.${String(element.className).split(' ').join('.')}` : ''}`;
  };

  /** The colour of the border, when one is drawn. */
  const borderColour = (style) => (parseFloat(style.borderTopWidth) >= 1 && style.borderTopStyle !== 'none' ? style.borderTopColor : null);

  /** The focus ring of the control focused in the element (WCAG 2.4.7, 1.4.11), or null when focus is elsewhere. */
  window.focusRing = (selector = 'kyc-verify') => {
    const focused = document.querySelector(selector).shadowRoot.activeElement;
    if (!focused) return null;
    const style = getComputedStyle(focused);
    const surroundings = background(up(focused));
    const drawn = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
    return { where: name(focused), drawn, ratio: drawn ? ratio(over(rgba(style.outlineColor), surroundings), surroundings) : 0 };
  };

  window.screenAudit = (selector = 'kyc-verify') => {
    const host = document.querySelector(selector);
    const root = host.shadowRoot;
    const texts = [];
    const boundaries = [];
    const clipped = [];
    const width = document.documentElement.clientWidth;
    const hostBox = host.getBoundingClientRect();
    for (const { node, parent } of visibleTexts(root)) {
      const style = getComputedStyle(parent);
      const behind = background(parent);
      const colour = over(rgba(style.color), behind);
      texts.push({ text: node.textContent.trim().slice(0, 40), where: name(parent), ratio: ratio(colour, behind) });
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of range.getClientRects()) {
        if (line.width && (line.left < Math.max(0, hostBox.left) - 1 || line.right > Math.min(width, hostBox.right) + 1)) {
          clipped.push(`"${node.textContent.trim().slice(0, 30)}" spans ${Math.round(line.left)}…${Math.round(line.right)} px`);
        }
      }
    }
    for (const control of root.querySelectorAll('button, a, summary')) {
      if (!shown(control) || control.disabled) continue;
      const style = getComputedStyle(control);
      const surroundings = background(up(control));
      const fill = rgba(style.backgroundColor);
      const border = borderColour(style);
      // A control drawn as text alone (a link) has no boundary to see: its text is measured above.
      if (fill[3] === 0 && !border) continue;
      const edges = [fill[3] ? over(fill, surroundings) : null, border ? over(rgba(border), surroundings) : null].filter(Boolean);
      boundaries.push({ where: name(control), ratio: Math.max(...edges.map((edge) => ratio(edge, surroundings))) });
    }
    for (const box of root.querySelectorAll('*')) {
      if (!shown(box) || box.localName === 'slot') continue;
      const rect = box.getBoundingClientRect();
      if (rect.width && (rect.left < -1 || rect.right > width + 1))
        clipped.push(`${name(box)} spans ${Math.round(rect.left)}…${Math.round(rect.right)} px`);
      if (box.scrollWidth > box.clientWidth + 1 && getComputedStyle(box).overflowX !== 'visible')
        clipped.push(`${name(box)} cuts its content`);
    }
    const scrollWidth = document.documentElement.scrollWidth;
    return {
      texts,
      boundaries,
      clipped,
      sideways: scrollWidth > width ? `the page scrolls sideways: ${scrollWidth} px in ${width} px` : null,
      textColour: getComputedStyle(host).color,
      painted: background(host),
    };
  };
})();
