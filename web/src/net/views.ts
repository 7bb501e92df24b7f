// Protocol 4 (docs/protocol.md, "Frames and views") sends a seat's whole
// view only in the first frame after a `watch`; every later frame of the
// match on the same connection carries `view_patch`, an RFC 6902 JSON Patch
// that turns the previous frame's view into this one's. A patch means
// nothing without the exact view it was made against, so this cache keeps
// the RAW view of each match as it came off the wire (before normalize.ts
// or applyFrame see it) and must be fed every frame of a watched match, in
// arrival order, whether or not the match is on screen.
//
// A patch that has no base view, or that does not apply, is never guessed
// at: the cache forgets the match and says so, and the controller then
// re-watches from the last version it holds, which brings a whole view.

import { applyPatch } from "fast-json-patch/module/core.mjs";
import type { Frame, ResolvedFrame, View } from "../game/types";

/** Resolution is a frame with its whole view, or why its view cannot be known. */
export type Resolution = { ok: true; frame: ResolvedFrame } | { ok: false; reason: string };

/** RESYNC_LIMIT bounds the re-watches of one match in a row that bring no usable frame. */
export const RESYNC_LIMIT = 5;

/** Resync says what to do about a frame that could not be resolved (beginResync). */
export type Resync = "start" | "wait" | "give_up";

/**
 * ViewCache holds the raw view of the last frame received for each match on
 * one connection. A new connection starts empty (clear): the server's patch
 * chain is per connection.
 */
export class ViewCache {
  private readonly raw = new Map<number, View>();
  private readonly resyncs = new Map<number, { pending: boolean; count: number }>();

  /**
   * resolve advances match's raw view by frame f and returns f with the
   * whole view in `view` (and no `view_patch`). A frame with a `view`
   * replaces the raw view; one with a `view_patch` is applied to it with
   * validation and without touching the previous view object (the screen
   * may still be drawing it). On failure the match's raw view is forgotten,
   * so that no later patch is applied to a view known to be wrong.
   */
  resolve(match: number, f: Frame): Resolution {
    if (isView(f.view)) return this.good(match, f, f.view);
    const base = this.raw.get(match);
    this.raw.delete(match);
    if (f.view_patch === undefined) return { ok: false, reason: `views: frame ${f.version} of match ${match} has neither view nor view_patch` };
    if (!base) return { ok: false, reason: `views: a patch for match ${match} at version ${f.version} with no view to apply it to` };
    let next: unknown;
    try {
      next = applyPatch(base, f.view_patch, true, false).newDocument;
    } catch (e) {
      return { ok: false, reason: `views: the patch of match ${match} at version ${f.version} does not apply: ${firstLine(e)}` };
    }
    if (!isView(next)) return { ok: false, reason: `views: the patch of match ${match} at version ${f.version} does not leave a view` };
    return this.good(match, f, next);
  }

  private good(match: number, f: Frame, view: View): Resolution {
    this.raw.set(match, view);
    const rs = this.resyncs.get(match);
    if (rs) rs.count = 0;
    const { view_patch: _, ...rest } = f;
    return { ok: true, frame: { ...rest, view } };
  }

  /**
   * beginResync is asked after a frame of match failed to resolve: "start"
   * a re-watch (then call endResync when its reply came), "wait" for the
   * one in flight (the patches still in flight fail the same way), or
   * "give_up" (once, then "wait") after RESYNC_LIMIT re-watches in a row
   * without a good frame, rather than loop on a server that keeps sending
   * what cannot apply.
   */
  beginResync(match: number): Resync {
    const rs = this.resyncs.get(match) ?? { pending: false, count: 0 };
    this.resyncs.set(match, rs);
    if (rs.pending) return "wait";
    if (++rs.count > RESYNC_LIMIT) return rs.count === RESYNC_LIMIT + 1 ? "give_up" : "wait";
    rs.pending = true;
    return "start";
  }

  /** endResync marks match's re-watch done (its reply, or its failure, came). */
  endResync(match: number): void {
    const rs = this.resyncs.get(match);
    if (rs) rs.pending = false;
  }

  /** has reports whether a raw view of match is held (a patch for it can apply). */
  has(match: number): boolean {
    return this.raw.has(match);
  }

  /** view returns the raw view held for match (not a copy: do not change it). */
  view(match: number): View | undefined {
    return this.raw.get(match);
  }

  /** forget drops match's raw view (after unwatching it). */
  forget(match: number): void {
    this.raw.delete(match);
    this.resyncs.delete(match);
  }

  /** clear drops every raw view: the connection they belonged to is gone. */
  clear(): void {
    this.raw.clear();
    this.resyncs.clear();
  }
}

/** isView checks what protocol 3 relies on too: a view is a JSON object. */
function isView(v: unknown): v is View {
  return !!v && typeof v === "object" && !Array.isArray(v);
}

/** firstLine is an error's first line: fast-json-patch's messages go on with the whole document. */
function firstLine(e: unknown): string {
  return String((e as Error)?.message ?? e).split("\n")[0];
}
