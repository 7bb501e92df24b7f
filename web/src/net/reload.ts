// Reloading a page that is older than its server. When the server moves to a
// newer protocol, a tab still running the old bundle says hello with a
// version the server no longer speaks: the server refuses it with
// `unsupported_protocol` and closes with 4400 (docs/protocol.md "Close
// codes"). The server that refused the page also serves the new bundle, so
// reloading the page once is the fix. A second refusal soon after the reload
// means reloading does not help (a cache serving the old bundle, say), so the
// page then says it is out of date instead of reloading in a loop.
//
// The storage, the clock and the reload are injected, so this is tested in
// node without a browser (test/reload.test.ts).

import type { ConnState } from "./socket";

/** PROTOCOL_RELOAD_KEY is the sessionStorage key holding when the page last reloaded for this. */
export const PROTOCOL_RELOAD_KEY = "tabletop.protocolReload";

/** PROTOCOL_RELOAD_WINDOW is how long (ms) after such a reload another one is not tried. */
export const PROTOCOL_RELOAD_WINDOW = 60_000;

export interface ReloadEnv {
  /** storage is the tab's sessionStorage, or null when the page cannot use it. */
  storage: Pick<Storage, "getItem" | "setItem"> | null;
  now(): number;
  reload(): void;
}

/** browserReloadEnv is the page's own sessionStorage, clock and location.reload. */
export function browserReloadEnv(): ReloadEnv {
  return {
    // Read when needed, not when the controller is built.
    get storage() {
      try {
        return globalThis.sessionStorage ?? null;
      } catch {
        return null; // storage may be disabled; reading it can throw
      }
    },
    now: () => Date.now(),
    reload: () => globalThis.location.reload(),
  };
}

/**
 * outdatedClose reports whether conn is the close of a connection refused for
 * an unsupported protocol: 4400 after a hello refused with
 * `unsupported_protocol`, or with the close reason the server gives for it.
 * Other 4400s (no hello, an unreadable first message) are not.
 */
export function outdatedClose(conn: ConnState): boolean {
  if (conn.state !== "closed" || conn.code !== 4400) return false;
  return conn.error === "unsupported_protocol" || conn.reason === "unsupported protocol";
}

/**
 * reloadForProtocol reloads the page unless it already did so for this reason
 * within PROTOCOL_RELOAD_WINDOW: "reloading" when it called reload (after
 * recording the time), "outdated" when it did not. Without a storage to record
 * the attempt in, it does not reload either, since nothing would stop a loop.
 */
export function reloadForProtocol(env: ReloadEnv): "reloading" | "outdated" {
  const now = env.now();
  try {
    if (!env.storage) return "outdated";
    const last = Number(env.storage.getItem(PROTOCOL_RELOAD_KEY));
    if (Number.isFinite(last) && last > 0 && last <= now && now - last < PROTOCOL_RELOAD_WINDOW) return "outdated";
    env.storage.setItem(PROTOCOL_RELOAD_KEY, String(now));
  } catch {
    return "outdated";
  }
  env.reload();
  return "reloading";
}
