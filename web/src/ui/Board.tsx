// The hex map as SVG, drawn only from the seat's view (boardModel): terrain
// fills, structures and church religions as glyphs, owners as colour plus a
// pattern, pieces as colour plus shape plus number, fog over tiles out of
// live vision, a night tint, stealth and high-ground marks, faction markers.
// Tiles a pending decision can be answered with are highlighted and take
// clicks, taps and the keyboard (Enter/Space on a focused tile).

import { useMemo } from "preact/hooks";
import { boardModel, type TileModel } from "../game/board";
import type { DecisionModel, AnswerInput } from "../game/decision";
import { seatStyle, shapePath } from "../game/seats";
import type { Translator } from "../i18n/i18n";
import type { View } from "../game/types";

export interface BoardProps {
  view: View;
  t: Translator;
  decision?: DecisionModel | null;
  onPick?: (inputs: AnswerInput[], tile: TileModel) => void;
  highlight?: { col: number; row: number }[];
  showCoords?: boolean;
  seatName: (seat: number) => string;
  testid?: string;
}

/** Patterns gives every seat a fill pattern so ownership never relies on colour alone. */
export function SeatPatterns() {
  return (
    <defs>
      {[0, 1, 2, 3].map((seat) => {
        const st = seatStyle(seat);
        return (
          <pattern key={seat} id={st.pattern} width="10" height="10" patternUnits="userSpaceOnUse">
            <rect width="10" height="10" fill={st.colour} fill-opacity="0.55" />
            {st.patternName === "stripes" && <path d="M-2,12 L12,-2 M-2,2 L2,-2 M8,12 L12,8" stroke="#000" stroke-opacity="0.45" stroke-width="2" />}
            {st.patternName === "dots" && <circle cx="5" cy="5" r="2" fill="#000" fill-opacity="0.45" />}
            {st.patternName === "crosshatch" && <path d="M0,5 H10 M5,0 V10" stroke="#000" stroke-opacity="0.4" stroke-width="1.5" />}
          </pattern>
        );
      })}
      <pattern id="pat-fog" width="8" height="8" patternUnits="userSpaceOnUse">
        <rect width="8" height="8" fill="#1b2030" fill-opacity="0.45" />
        <path d="M0,8 L8,0" stroke="#fff" stroke-opacity="0.12" stroke-width="1" />
      </pattern>
      <pattern id="pat-blocked" width="12" height="12" patternUnits="userSpaceOnUse">
        <path d="M0,0 L12,12 M12,0 L0,12" stroke="#5a3a1a" stroke-opacity="0.7" stroke-width="2" />
      </pattern>
    </defs>
  );
}

export function Board(p: BoardProps) {
  const b = useMemo(() => boardModel(p.view, 40), [p.view]);
  const t = p.t;
  const targets = p.decision?.byTile ?? new Map<string, AnswerInput[]>();
  const hl = new Set((p.highlight ?? []).map((c) => `${c.col},${c.row}`));
  const pad = 6;
  return (
    <svg
      class={`board${b.night ? " night" : ""}`}
      viewBox={`${-pad} ${-pad} ${b.pxWidth + 2 * pad} ${b.pxHeight + 2 * pad}`}
      preserveAspectRatio="xMidYMid meet"
      role="grid"
      aria-label={t.t("play.status")}
      data-testid={p.testid ?? "board"}
      data-night={b.night ? "true" : "false"}
    >
      <SeatPatterns />
      <g class="tiles">
        {b.tiles.map((tile) => {
          const inputs = targets.get(tile.key);
          const target = !!inputs && inputs.length > 0;
          const label = tileLabel(t, tile, p.seatName);
          const pick = () => target && p.onPick?.(inputs!, tile);
          return (
            <g
              key={tile.key}
              class={`tile ${tile.classes.join(" ")}${target ? " target" : ""}${hl.has(tile.key) ? " hl" : ""}`}
              data-testid="tile"
              data-tile={tile.key}
              data-memory={tile.memory}
              data-visible={tile.visible ? "true" : "false"}
              data-owner={tile.owner}
              data-target={target ? "true" : undefined}
              tabIndex={target ? 0 : undefined}
              role={target ? "button" : undefined}
              aria-label={label}
              onClick={pick}
              onKeyDown={(e) => {
                if (target && (e.key === "Enter" || e.key === " ")) {
                  e.preventDefault();
                  pick();
                }
              }}
            >
              <title>{label}</title>
              <polygon points={tile.points} fill={tile.fill} class="hex" />
              {tile.owner >= 0 && <polygon points={tile.points} fill={`url(#${tile.pattern})`} class="owner-fill" />}
              {tile.blocked && <polygon points={tile.points} fill="url(#pat-blocked)" />}
              {tile.classes.includes("fog") && <polygon points={tile.points} fill="url(#pat-fog)" class="fog-fill" />}
              {tile.memory === "adjacent" && <polygon points={tile.points} fill="#000" fill-opacity="0.35" />}
              {tile.owner >= 0 && <polygon points={tile.points} fill="none" stroke={seatStyle(tile.owner).colour} stroke-width="3" class="owner-edge" />}
              {tile.glyph && (
                <text x={tile.x} y={tile.y - 8} text-anchor="middle" class="glyph" font-size="20">
                  {tile.glyph}
                </text>
              )}
              {tile.claimed && (
                <text x={tile.x + 18} y={tile.y - 14} font-size="12" class="claimed">★</text>
              )}
              {p.showCoords && tile.memory !== "unrevealed" && (
                <text x={tile.x} y={tile.y + 30} text-anchor="middle" class="coord" font-size="10">
                  {tile.key}
                </text>
              )}
              {target && <polygon points={tile.points} class="target-ring" fill="none" />}
            </g>
          );
        })}
      </g>
      <g class="markers">
        {b.markers.map((m, i) => (
          <g key={i} class={`marker marker-${m.kind}`} data-testid={`marker-${m.kind}`} data-tile={`${m.col},${m.row}`} pointer-events="none">
            {m.kind === "celebrity" && (
              <>
                <circle cx={m.x - 20} cy={m.y + 16} r="10" fill="#fff3b0" stroke="#7a6000" stroke-width="2" />
                <text x={m.x - 20} y={m.y + 20} text-anchor="middle" font-size="12">★</text>
              </>
            )}
            {m.kind === "relic" && (
              <>
                <circle cx={m.x + 20} cy={m.y + 16} r="9" fill="#d7b6ff" stroke="#4b2a7a" stroke-width="2" />
                <text x={m.x + 20} y={m.y + 20} text-anchor="middle" font-size="11">◆</text>
              </>
            )}
            {m.kind === "designation" && (
              <>
                <rect x={m.x - 27} y={m.y - 27} width="16" height="16" rx="3" fill="#fff" stroke={m.briber !== undefined && m.briber >= 0 ? seatStyle(m.briber).colour : "#333"} stroke-width="3" />
                <text x={m.x - 19} y={m.y - 14} text-anchor="middle" font-size="12">✧</text>
                <title>{p.t.cardName(m.label)}</title>
              </>
            )}
            {m.kind === "government" && m.briber !== undefined && m.briber >= 0 && (
              <circle cx={m.x + 22} cy={m.y - 18} r="6" fill={seatStyle(m.briber).colour} stroke="#000" />
            )}
          </g>
        ))}
      </g>
      <g class="pieces">
        {b.pieces.map((pc) => (
          <g
            key={pc.seat}
            class={`piece${pc.own ? " own" : ""}${pc.stealth ? " stealth" : ""}${pc.highGround ? " high-ground" : ""}`}
            data-testid="piece"
            data-seat={pc.seat}
            data-tile={`${pc.col},${pc.row}`}
            pointer-events="none"
          >
            {pc.own && <circle cx={pc.x} cy={pc.y + 4} r="22" class="own-halo" />}
            <path d={shapePath(pc.shape, pc.x, pc.y + 4, 15)} fill={pc.colour} stroke="#111" stroke-width="2" opacity={pc.stealth ? 0.55 : 1} />
            <text x={pc.x} y={pc.y + 10} text-anchor="middle" font-size="15" font-weight="700" fill="#fff">
              {pc.seat + 1}
            </text>
            {pc.stealth && (
              <text x={pc.x + 16} y={pc.y - 10} font-size="13" class="piece-flag">♣</text>
            )}
            {pc.highGround && (
              <text x={pc.x + 16} y={pc.y - 10} font-size="13" class="piece-flag">▲</text>
            )}
          </g>
        ))}
      </g>
    </svg>
  );
}

/** tileLabel is the accessible description of a tile: place, terrain, structure, owner. */
export function tileLabel(t: Translator, tile: TileModel, seatName: (s: number) => string): string {
  const parts = [t.t("play.tile", { col: tile.col, row: tile.row })];
  if (tile.memory === "unrevealed") {
    parts.push(t.t("status.unrevealed"));
    return parts.join(" · ");
  }
  if (tile.terrain) parts.push(t.name("terrain", tile.terrain));
  if (tile.structure) parts.push(t.name("structure", tile.structure) + (tile.church ? ` (${t.name("religion", tile.church)})` : ""));
  if (tile.owner >= 0) parts.push(seatName(tile.owner));
  if (tile.alloc) parts.push(`${tile.alloc[0]}/${tile.alloc[1]}/${tile.alloc[2]}`);
  if (tile.memory === "adjacent") parts.push(t.t("status.adjacent"));
  return parts.join(" · ");
}
