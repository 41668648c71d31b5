// The layer rule, on every import of every file: a relative specifier is resolved to its path in the repository
// and judged by the layer the importing file is in. shared/ is the pure core (only shared/ and pure packages); the
// Node side (electron/, host/, mock-provider/) and renderer/ import shared/ and platform/ (adapters that run alike in
// Node and the browser), never each other; the Node side also imports platform/node/ (the Node adapters below the
// hosts and the mock: HTTP server, SSE, transport, Node crypto), and the mock never imports host/; only host/cli/
// imports host/cli/.
// platform/ imports only shared/ and its packages; platform/node/ adds node:* and platform/; the preload sees only
// electron, its own folder and the contract's names, channels and API type.
import { dirname, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const PRELOAD_CONTRACT = ['shared/bridge/names', 'shared/bridge/channels', 'shared/bridge/api'];
/** What shared/ may import besides itself: packages that compute and nothing else (no I/O, clock or randomness). */
const SHARED_PACKAGES = ['zod', '@scure/base', 'diff'];
const SHARED_REFUSAL = `shared/ imports only shared/ and ${SHARED_PACKAGES.join(', ')}`;
/** What platform/ may import besides shared/: packages that run alike in Node and in the browser. */
const PLATFORM_PACKAGES = ['jose'];

/** The folders that run in Node: Electron's main process, the Node host (CLI, browser mode, store, transport) and the mock. */
const NODE_SIDE = ['electron/', 'host/', 'mock-provider/'];

const nodeSideRefusal = (files, t) =>
  t.startsWith('renderer/') ? `${files} never imports renderer/: share it through shared/` : null;

/** Each layer: which files it holds, and the verdict on an import's target (null when allowed). */
const LAYERS = [
  {
    files: 'electron/preload/',
    refuse: (t) =>
      t === 'electron' || t.startsWith('electron/preload/') || PRELOAD_CONTRACT.includes(t.replace(/\.ts$/, ''))
        ? null
        : 'the preload imports only electron, electron/preload/ and shared/bridge/{names,channels,api}',
  },
  {
    files: 'shared/',
    refuse: (t) => (SHARED_PACKAGES.includes(t) || t.startsWith('shared/') ? null : SHARED_REFUSAL),
  },
  {
    files: 'platform/node/',
    refuse: (t) =>
      t.startsWith('shared/') || t.startsWith('platform/') || t.startsWith('node:') || PLATFORM_PACKAGES.includes(t)
        ? null
        : 'platform/node/ imports only shared/, platform/, node:* and jose',
  },
  {
    files: 'platform/',
    refuse: (t) =>
      t.startsWith('shared/') || PLATFORM_PACKAGES.includes(t) ? null : 'platform/ imports only shared/ and jose',
  },
  {
    files: 'mock-provider/',
    refuse: (t) =>
      t.startsWith('renderer/') || t.startsWith('host/')
        ? `mock-provider/ never imports ${t.split('/')[0]}/: what both need lives in shared/ or platform/`
        : null,
  },
  { files: 'host/cli/', refuse: (t) => nodeSideRefusal('host/', t) },
  // The app (electron/, the rest of host/) never depends on the command line: what both need lives under host/.
  ...NODE_SIDE.filter((files) => files !== 'mock-provider/').map((files) => ({
    files,
    refuse: (t) =>
      nodeSideRefusal(files, t) ??
      (t.startsWith('host/cli/')
        ? `${files === 'host/' ? 'host/ outside host/cli/' : files} never imports host/cli/: share it under host/`
        : null),
  })),
  {
    files: 'renderer/',
    refuse: (t) =>
      NODE_SIDE.some((n) => `${t}/`.startsWith(n))
        ? `renderer/ never imports ${t.split('/')[0]}/: go through the bridge`
        : `${t}/`.startsWith('platform/node/')
          ? 'renderer/ never imports platform/node/: it runs in Node only'
          : null,
  },
];

const posix = (path) => path.split(sep).join('/');

export const layerImports = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps each layer to the imports it may make' },
    schema: [],
    messages: { layer: '{{file}} imports {{spec}}: {{why}}.' },
  },
  create(context) {
    const file = posix(relative(ROOT, context.filename));
    const layer = LAYERS.find((l) => file.startsWith(l.files));
    if (!layer) return {};
    const judge = (node) => {
      const spec = node?.type === 'Literal' && typeof node.value === 'string' ? node.value : null;
      if (spec === null) return;
      const target = spec.startsWith('.') ? posix(relative(ROOT, resolve(dirname(context.filename), spec))) : spec;
      const why = layer.refuse(target);
      if (why) context.report({ node, messageId: 'layer', data: { file, spec, why } });
    };
    return {
      ImportDeclaration: (node) => judge(node.source),
      ExportNamedDeclaration: (node) => judge(node.source),
      ExportAllDeclaration: (node) => judge(node.source),
      ImportExpression: (node) => judge(node.source),
      TSImportType: (node) => judge(node.argument?.literal ?? node.source),
      TSExternalModuleReference: (node) => judge(node.expression),
    };
  },
};
