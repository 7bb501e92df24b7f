// Side-effect CSS imports are bundled by esbuild.
declare module "*.css";

// fast-json-patch's core alone (applyPatch): its index also bundles the
// observer half (compare, observe), which the client does not use.
declare module "fast-json-patch/module/core.mjs" {
  export { applyPatch } from "fast-json-patch";
}
