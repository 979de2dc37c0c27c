// The operator's view on the demo page: the kit's funnel and its ends by reason, drawn from its metrics
// (docs/operations.md) each second as verifications are walked.
import type { Funnel } from './telemetry.js';

const SVG = 'http://www.w3.org/2000/svg';
const STAGES: Record<Funnel['stages'][number]['stage'], string> = {
  created: 'Started',
  opened: 'Link opened (short link)',
  document: 'Document captured',
  successful: 'Successful',
};
const ROW = 28;
const LABEL_WIDTH = 170;
const BAR_WIDTH = 200;

/** One row: its label, a bar as long as its share of `most`, and its count; `data-*` say what it stands for. */
function row(y: number, label: string, count: number, most: number, data: Record<string, string>): SVGGElement {
  const group = document.createElementNS(SVG, 'g');
  Object.assign(group.dataset, data, { count: String(count) });
  const text = document.createElementNS(SVG, 'text');
  Object.assign(text, { textContent: label });
  text.setAttribute('x', '0');
  text.setAttribute('y', String(y + 17));
  const bar = document.createElementNS(SVG, 'rect');
  const width = most > 0 ? Math.max(count > 0 ? 2 : 0, (count / most) * BAR_WIDTH) : 0;
  for (const [name, value] of Object.entries({ x: LABEL_WIDTH, y: y + 4, width, height: ROW - 8, rx: 3 }))
    bar.setAttribute(name, String(value));
  const value = document.createElementNS(SVG, 'text');
  value.textContent = String(count);
  value.setAttribute('x', String(LABEL_WIDTH + width + 6));
  value.setAttribute('y', String(y + 17));
  group.append(text, bar, value);
  return group;
}

/** Draws `rows` in `svg`, sized to them. */
function draw(svg: SVGSVGElement, rows: SVGGElement[]): void {
  const height = Math.max(1, rows.length) * ROW;
  svg.setAttribute('viewBox', `0 0 ${LABEL_WIDTH + BAR_WIDTH + 40} ${height}`);
  svg.setAttribute('height', String(height));
  svg.replaceChildren(...rows);
}

export function drawFunnel(funnelSvg: SVGSVGElement, endsSvg: SVGSVGElement, funnel: Funnel): void {
  const started = funnel.stages[0]?.count ?? 0;
  draw(
    funnelSvg,
    funnel.stages.map(({ stage, count }, index) => row(index * ROW, STAGES[stage], count, started, { stage })),
  );
  const ends = [...funnel.ends].sort((a, b) => b.count - a.count || `${a.state}${a.code}`.localeCompare(`${b.state}${b.code}`));
  const most = Math.max(0, ...ends.map((end) => end.count));
  draw(
    endsSvg,
    ends.map(({ state, code, count }, index) => row(index * ROW, `${state} · ${code}`, count, most, { end: `${state}/${code}`, state })),
  );
}

/** Redraws the panel from the host's `/demo/funnel` every second. */
export function followFunnel(funnelSvg: SVGSVGElement, endsSvg: SVGSVGElement): void {
  const refresh = async () => {
    const answer = await fetch('/demo/funnel').catch(() => null);
    if (answer?.ok) drawFunnel(funnelSvg, endsSvg, (await answer.json()) as Funnel);
    setTimeout(refresh, 1000);
  };
  void refresh();
}
