/**
 * What each part of the standalone bundle costs, gzip level 9: the bundle's size less the size of
 * the same build with that part's modules left out of the rendered chunk, before the minifiers run.
 * The other parts stay whole, even what only the part left out used: a part's figure is what its
 * own code adds. Those figures add up to less than the whole, since gzip finds what the parts
 * have in common (names, markup, words) once for all of them.
 */
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { buildBrowser } from '../lib/build.js';
import type { Figure } from '../lib/figure.js';

/** The parts of the bundle, each by the modules that make it (paths under the repository, or a package under node_modules). */
export const BUNDLE_PARTS: { name: string; modules: RegExp }[] = [
  { name: 'Lit (rendering, reactive properties, styles)', modules: /node_modules\/(lit|lit-html|lit-element|@lit\/reactive-element)\// },
  { name: 'the state machine', modules: /src\/element\/machine\/(machine|setup-problem|handoff|progress)\.ts$/ },
  { name: 'the outcome: tone, problem, end reason, Try again', modules: /src\/(element\/machine\/outcome|shared\/story\/story)\.ts$/ },
  {
    name: 'the flow: what is under way, the QR code, button, copy, timer',
    modules: /src\/element\/view\/(kyc-verify\.view|flow-view|timer|qr-code|media)\.ts$/,
  },
  { name: "the phone's progress", modules: /src\/(element\/view\/progress-view|shared\/issue-codes)\.ts$/ },
  { name: 'the end screens and their actions', modules: /src\/element\/view\/outcome-view\.ts$/ },
  { name: 'what a screen reader hears', modules: /src\/element\/(view\/speech|controllers\/announcer)\.ts$/ },
  { name: 'the styles (CSS, colours)', modules: /src\/element\/view\/styles\/\w+\.ts$/ },
  { name: 'the Spanish words', modules: /src\/(element\/locales|shared\/story)\/es\.ts$/ },
  { name: 'the languages and chunks loader', modules: /src\/element\/(locales\/localize|lazy-chunk)\.ts$/ },
  { name: 'the status reader', modules: /src\/shared\/(read-status|transaction-state|wire\/codes|wire\/links)\.ts$/ },
  { name: 'configuration and URLs', modules: /src\/element\/(configuration|urls)\.ts$/ },
  { name: 'the events', modules: /src\/element\/events\.ts$/ },
  { name: 'requests (JSON, timeout, latest only)', modules: /src\/element\/controllers\/(request|latest-request)\.ts$/ },
  { name: 'the session request', modules: /src\/element\/controllers\/(session-request|read-session)\.ts$/ },
  { name: 'polling', modules: /src\/element\/controllers\/status-poller\.ts$/ },
  { name: 'the status stream', modules: /src\/element\/controllers\/status-stream\.ts$/ },
  { name: 'the countdown, waits and copy note', modules: /src\/element\/controllers\/(countdown|delay|copy-note)\.ts$/ },
  { name: "following the page's colours", modules: /src\/element\/controllers\/surroundings\.ts$/ },
  { name: "reading a server's render", modules: /src\/element\/server-render\.ts$/ },
  { name: 'the element class and its registration', modules: /src\/(define|element\/kyc-verify)\.ts$/ },
];

/** Every identifier under an AST node: the names it binds, or all it uses. */
function identifiers(node: unknown): string[] {
  if (!node || typeof node !== 'object') return [];
  const { type, name } = node as { type?: string; name?: string };
  if (type === 'Identifier') return [name!];
  return Object.values(node).flatMap(identifiers);
}

/** The names a module's rendered code declares at its top level. */
function topLevelNames(program: { body: unknown[] }): string[] {
  return program.body.flatMap((statement) => {
    const { type, id, declarations } = statement as { type: string; id?: unknown; declarations?: { id: unknown }[] };
    if (type === 'VariableDeclaration') return declarations!.flatMap((declaration) => identifiers(declaration.id));
    return type === 'FunctionDeclaration' || type === 'ClassDeclaration' ? identifiers(id) : [];
  });
}

/**
 * Leaves the modules `leftOut` matches out of the bundle's rendered chunk, before the minifiers.
 * Each module's code gives way to one line: its top-level names, read from `globalThis`, so that
 * the code using them stays; and the other modules' names it used, handed to `globalThis`, so that
 * they stay too. A part's figure is then its own code, whichever other part it uses.
 */
function leavingOut(leftOut: RegExp): Plugin {
  return {
    name: 'kyc-verify:bench-leave-out',
    enforce: 'pre',
    renderChunk(code, chunk) {
      if (chunk.fileName !== 'kyc-verify.bundle.js') return null;
      const modules = Object.entries(chunk.modules)
        .filter(([, module]) => module.code)
        .map(([id, module]) => {
          const program = this.parse(module.code!) as { body: unknown[] };
          return { code: module.code!, program, out: leftOut.test(id.replaceAll('\\', '/')), declared: topLevelNames(program) };
        });
      const keptNames = new Set(modules.flatMap((module) => (module.out ? [] : module.declared)));
      let rest = code;
      for (const { code: moduleCode, program, out, declared } of modules) {
        if (!out) continue;
        if (!rest.includes(moduleCode)) throw new Error(`its rendered code is not in the chunk as it is: ${moduleCode.slice(0, 80)}`);
        const used = [...new Set(identifiers(program))].filter((name) => keptNames.has(name));
        const stub = [
          ...(declared.length ? [`const { ${declared.join(', ')} } = globalThis;`] : []),
          ...(used.length ? [`globalThis.kept = [${used.join(', ')}];`] : []),
        ];
        rest = rest.replace(moduleCode, () => stub.join('\n'));
      }
      return { code: rest, map: null };
    },
  };
}

async function bundleGzip(plugins: Plugin[] = []): Promise<number> {
  const built = await buildBrowser('standalone', [], plugins);
  try {
    return gzipSync(built.files.get('kyc-verify.bundle.js')!, { level: 9 }).length;
  } finally {
    await built.remove();
  }
}

/** Fails the build when a module of the bundle with code is in no part: a new module must be given one. */
function everyModuleInAPart(): Plugin {
  return {
    name: 'kyc-verify:bench-parts-cover',
    renderChunk(_code, chunk) {
      if (chunk.fileName !== 'kyc-verify.bundle.js') return null;
      const unassigned = Object.entries(chunk.modules)
        .filter(([id, module]) => module.code && !BUNDLE_PARTS.some(({ modules }) => modules.test(id.replaceAll('\\', '/'))))
        .map(([id]) => id);
      if (unassigned.length) this.error(`bench/size/parts.ts: give these modules a part: ${unassigned.join(', ')}`);
      return null;
    },
  };
}

export interface BundleParts {
  /** The bundle's gzip bytes. */
  whole: number;
  /** What leaving each part out saves, gzip bytes. */
  parts: { name: string; gzip: number }[];
}

/** What leaving each part of the standalone bundle out saves, gzip level 9 (one build per part). */
export async function bundleParts(): Promise<BundleParts> {
  const whole = await bundleGzip([everyModuleInAPart()]);
  const parts = [];
  for (const { name, modules } of BUNDLE_PARTS) parts.push({ name, gzip: whole - (await bundleGzip([leavingOut(modules)])) });
  return { whole, parts };
}

/** The parts as figures of the record. */
export async function measureBundleParts(): Promise<Figure[]> {
  return (await bundleParts()).parts.map(({ name, gzip }) => ({
    figure: `Size: standalone bundle, part: ${name}, gzip`,
    unit: 'bytes',
    median: gzip,
    runs: 1,
  }));
}

/** Bytes as the table shows them: kilobytes (1,000 B) with one decimal. */
export const kilobytes = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/**
 * The rows of docs/package.md's table of the parts, the whole last: what leaving each out saves,
 * and its share of the whole (what it saves, scaled so that the shares add up to the whole: the
 * bytes the parts compress together are shared out in proportion).
 */
export function partRows({ whole, parts }: BundleParts): string[] {
  const saved = parts.reduce((sum, { gzip }) => sum + gzip, 0);
  return [
    ...parts.map(({ name, gzip }) => `| ${name} | ${kilobytes(gzip)} | ${kilobytes((gzip * whole) / saved)} |`),
    `| the whole bundle | ${kilobytes(whole)} | ${kilobytes(whole)} |`,
  ];
}
