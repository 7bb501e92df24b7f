// Builds the web client into ../webclient/dist (embedded in the Go binary)
// or, with --tests, the unit tests into .test-build/ for `node --test`.
//
//   npm --prefix web run build     the client (minified, content-hashed names)
//   npm --prefix web test          the unit tests
//
// No asset comes from the internet at run time: fonts are the system's,
// icons are SVG or text glyphs drawn by the client.

import { build } from "esbuild";
import { mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const tests = process.argv.includes("--tests");

if (tests) {
  const out = join(here, ".test-build");
  await rm(out, { recursive: true, force: true });
  const files = (await readdir(join(here, "test"))).filter((f) => /\.test\.tsx?$/.test(f));
  await build({
    entryPoints: files.map((f) => join(here, "test", f)),
    outdir: out,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    jsx: "automatic",
    jsxImportSource: "preact",
    sourcemap: "inline",
    logLevel: "warning",
  });
} else {
  const dist = join(here, "..", "webclient", "dist");
  await rm(dist, { recursive: true, force: true });
  await mkdir(join(dist, "assets"), { recursive: true });
  const result = await build({
    entryPoints: [join(here, "src", "main.tsx")],
    outdir: join(dist, "assets"),
    entryNames: "app-[hash]",
    bundle: true,
    minify: true,
    format: "esm",
    target: ["es2020", "chrome100", "firefox100", "safari15"],
    jsx: "automatic",
    jsxImportSource: "preact",
    metafile: true,
    legalComments: "none",
    logLevel: "warning",
  });
  const outputs = Object.keys(result.metafile.outputs).map((p) => p.split("/").pop());
  const js = outputs.find((f) => f.endsWith(".js"));
  const css = outputs.find((f) => f.endsWith(".css"));
  const icon =
    "data:image/svg+xml," +
    encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><polygon points="16,1 29,8.5 29,23.5 16,31 3,23.5 3,8.5" fill="#0072B2"/><circle cx="16" cy="16" r="6" fill="#E69F00"/></svg>',
    );
  const html = `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Realigious</title>
<link rel="icon" href="${icon}">
${css ? `<link rel="stylesheet" href="/assets/${css}">` : ""}
</head>
<body>
<div id="app" data-testid="app"><p class="boot">Loading… 불러오는 중…</p></div>
<noscript>Realigious needs JavaScript.</noscript>
<script type="module" src="/assets/${js}"></script>
</body>
</html>
`;
  await writeFile(join(dist, "index.html"), html);
  let total = 0;
  for (const [, o] of Object.entries(result.metafile.outputs)) total += o.bytes;
  console.log(`webclient/dist: ${outputs.join(", ")} (${(total / 1024).toFixed(1)} KiB)`);
}
