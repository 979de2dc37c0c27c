// Registered before a page's own scripts (test/e2e/layout-shift.test.ts, bench/layout-shift): sums
// the page's layout shifts, as Lighthouse's cumulative layout shift does (none follows an input
// here), and names what moved.
window.layoutShift = { total: 0, moved: [] };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    window.layoutShift.total += entry.value;
    for (const { node, previousRect, currentRect } of entry.sources) {
      window.layoutShift.moved.push(
        `${node?.nodeName ?? 'shadow content'} ${entry.value.toFixed(4)}: y ${previousRect.y}→${currentRect.y}, height ${previousRect.height}→${currentRect.height}`,
      );
    }
  }
}).observe({ type: 'layout-shift', buffered: true });
