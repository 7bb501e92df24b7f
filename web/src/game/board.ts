// The view turned into what the map draws: one entry per tile with its
// position, fill, pattern, glyphs and state classes, the pieces the seat
// may see, and the faction markers. Everything comes from the seat's view
// alone (docs/visibility.md), so the map cannot show more than the seat
// knows: an unrevealed tile has no terrain to draw, a fogged one keeps only
// what memory holds.

import { type Coord, center, corners, extent, key } from "./hex";
import { CHURCH_GLYPHS, STRUCTURE_GLYPHS, TERRAIN_COLOURS, seatStyle } from "./seats";
import type { TileView, View } from "./types";

export interface TileModel {
  key: string;
  col: number;
  row: number;
  x: number;
  y: number;
  points: string;
  memory: TileView["memory"];
  visible: boolean;
  terrain?: string;
  structure?: string;
  church?: string;
  claimed: boolean;
  owner: number;
  fill: string;
  /** pattern is the seat pattern id of an owned tile, else "". */
  pattern: string;
  glyph: string;
  blocked: boolean;
  alloc?: [number, number, number];
  /** classes are CSS classes for state: unrevealed, adjacent, fog, night, owned, blocked. */
  classes: string[];
}

export interface PieceModel {
  seat: number;
  x: number;
  y: number;
  col: number;
  row: number;
  own: boolean;
  stealth: boolean;
  highGround: boolean;
  colour: string;
  shape: ReturnType<typeof seatStyle>["shape"];
}

export interface MarkerModel {
  kind: "celebrity" | "relic" | "government" | "designation";
  x: number;
  y: number;
  col: number;
  row: number;
  label: string;
  briber?: number;
}

export interface BoardModel {
  width: number;
  height: number;
  size: number;
  pxWidth: number;
  pxHeight: number;
  night: boolean;
  tiles: TileModel[];
  pieces: PieceModel[];
  markers: MarkerModel[];
}

/** UNKNOWN_FILL is the colour of a tile the seat has never seen. */
export const UNKNOWN_FILL = "#3a3f4b";

/**
 * tileVisible tells whether the seat sees tile i of view.tiles live now: the
 * i-th character of view.visible is '1'. A missing, non-string or short
 * visible string reads as not visible, so the map fogs rather than shows.
 */
export function tileVisible(view: View, i: number): boolean {
  const v = view.visible;
  return typeof v === "string" && v.charAt(i) === "1";
}

/** boardModel lays out the view's map with hexes of circumradius size. */
export function boardModel(view: View, size = 40): BoardModel {
  const ext = extent(view.width, view.height, size);
  const tiles: TileModel[] = view.tiles.map((tv, i) => {
    const c = center(tv, size);
    const owner = typeof tv.owner === "number" ? tv.owner : -1;
    const visible = tileVisible(view, i);
    const classes: string[] = [`mem-${tv.memory}`];
    if (tv.memory === "revealed" && !visible) classes.push("fog");
    if (owner >= 0) classes.push("owned", `owner-${owner}`);
    if (tv.blocked) classes.push("blocked");
    if (tv.structure) classes.push(`st-${tv.structure}`);
    const fill = tv.terrain ? TERRAIN_COLOURS[tv.terrain] ?? "#ccc" : UNKNOWN_FILL;
    let glyph = tv.structure ? STRUCTURE_GLYPHS[tv.structure] ?? "?" : "";
    if (tv.structure === "church" && tv.church) glyph = CHURCH_GLYPHS[tv.church] ?? glyph;
    return {
      key: key(tv),
      col: tv.col,
      row: tv.row,
      x: c.x,
      y: c.y,
      points: corners(c.x, c.y, size - 1),
      memory: tv.memory,
      visible,
      terrain: tv.terrain,
      structure: tv.structure,
      church: tv.church,
      claimed: tv.church_claimed === true,
      owner,
      fill,
      pattern: owner >= 0 ? seatStyle(owner).pattern : "",
      glyph,
      blocked: tv.blocked === true,
      alloc: tv.alloc,
      classes,
    };
  });
  const pieces: PieceModel[] = [];
  for (const p of view.players) {
    if (!p.piece || p.defeated) continue;
    const c = center(p.piece, size);
    const st = seatStyle(p.seat);
    pieces.push({
      seat: p.seat,
      x: c.x,
      y: c.y,
      col: p.piece.col,
      row: p.piece.row,
      own: p.seat === view.seat,
      stealth: p.stealth === true,
      highGround: p.high_ground === true,
      colour: st.colour,
      shape: st.shape,
    });
  }
  const markers: MarkerModel[] = [];
  const mark = (kind: MarkerModel["kind"], tile: Coord, label: string, briber?: number) => {
    const c = center(tile, size);
    markers.push({ kind, x: c.x, y: c.y, col: tile.col, row: tile.row, label, briber });
  };
  const f = view.factions;
  if (f?.celebrity?.tile) mark("celebrity", f.celebrity.tile, f.celebrity.kind, f.celebrity.briber);
  for (const r of f?.relics ?? []) mark("relic", r.tile, r.eye ?? "");
  for (const g of f?.governments ?? []) if (g.tile) mark("government", g.tile, g.kind, g.briber);
  // Card designations on tiles (REL-698): Apostle, Pantheon, Sanctuary ...
  const des = (view as Record<string, unknown>).designations;
  if (Array.isArray(des)) {
    for (const d of des as { tile?: Coord; card?: string; key?: string; seat?: number }[]) {
      if (d?.tile) mark("designation", d.tile, String(d.card ?? d.key ?? ""), typeof d.seat === "number" ? d.seat : undefined);
    }
  }
  return {
    width: view.width,
    height: view.height,
    size,
    pxWidth: ext.w,
    pxHeight: ext.h,
    night: view.night,
    tiles,
    pieces,
    markers,
  };
}

/** MinimapCell is one minimap tile: its memory state and short record (UI-410-UI-416). */
export interface MinimapCell {
  key: string;
  x: number;
  y: number;
  points: string;
  memory: TileView["memory"];
  fill: string;
  owner: number;
  /** piece is the seat whose piece the view shows there, or -1. */
  piece: number;
}

/** minimapModel is the status board's schematic map: same aspect ratio, memory states. */
export function minimapModel(view: View, size = 8): { w: number; h: number; cells: MinimapCell[] } {
  const ext = extent(view.width, view.height, size);
  const pieceAt = new Map<string, number>();
  for (const p of view.players) if (p.piece && !p.defeated) pieceAt.set(key(p.piece), p.seat);
  const cells = view.tiles.map((tv) => {
    const c = center(tv, size);
    const owner = typeof tv.owner === "number" ? tv.owner : -1;
    let fill = UNKNOWN_FILL;
    if (tv.memory === "adjacent") fill = "#7d8391";
    if (tv.memory === "revealed") fill = owner >= 0 ? seatStyle(owner).colour : tv.terrain ? TERRAIN_COLOURS[tv.terrain] ?? "#ccc" : "#ccc";
    return {
      key: key(tv),
      x: c.x,
      y: c.y,
      points: corners(c.x, c.y, size - 0.5),
      memory: tv.memory,
      fill,
      owner,
      piece: pieceAt.get(key(tv)) ?? -1,
    };
  });
  return { w: ext.w, h: ext.h, cells };
}

/** tileAt returns the view's tile at c, if any. */
export function tileAt(view: View, c: Coord): TileView | undefined {
  if (c.col < 0 || c.row < 0 || c.col >= view.width || c.row >= view.height) return undefined;
  return view.tiles[c.row * view.width + c.col];
}
