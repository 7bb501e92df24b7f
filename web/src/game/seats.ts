// Seat identity on screen. Colour alone fails colour-blind players, so every
// seat has three independent cues: a colour from the Okabe-Ito palette (safe
// for protanopia, deuteranopia and tritanopia), a fill pattern for its tiles
// and a piece shape, plus its number written on the piece (docs/ui.md).

export interface SeatStyle {
  seat: number;
  colour: string;
  /** light is a pale tint of colour for tile fills. */
  light: string;
  /** pattern is the id of the SVG pattern its owned tiles use. */
  pattern: string;
  patternName: "solid" | "stripes" | "dots" | "crosshatch";
  shape: "circle" | "square" | "triangle" | "diamond";
}

const STYLES: Omit<SeatStyle, "seat">[] = [
  { colour: "#0072B2", light: "#9cc9e6", pattern: "pat-seat-0", patternName: "solid", shape: "circle" },
  { colour: "#E69F00", light: "#f5d48a", pattern: "pat-seat-1", patternName: "stripes", shape: "square" },
  { colour: "#009E73", light: "#8fd6bf", pattern: "pat-seat-2", patternName: "dots", shape: "triangle" },
  { colour: "#CC79A7", light: "#ecc2d9", pattern: "pat-seat-3", patternName: "crosshatch", shape: "diamond" },
];

/** seatStyle returns the on-screen identity of seat (0-3; larger seats wrap). */
export function seatStyle(seat: number): SeatStyle {
  const s = STYLES[((seat % STYLES.length) + STYLES.length) % STYLES.length];
  return { seat, ...s };
}

/** shapePath returns an SVG path of the seat's piece shape centred on (x, y), radius r. */
export function shapePath(shape: SeatStyle["shape"], x: number, y: number, r: number): string {
  const f = (v: number) => Math.round(v * 100) / 100;
  switch (shape) {
    case "square":
      return `M${f(x - r * 0.85)},${f(y - r * 0.85)}h${f(r * 1.7)}v${f(r * 1.7)}h${f(-r * 1.7)}Z`;
    case "triangle":
      return `M${f(x)},${f(y - r)}L${f(x + r * 0.95)},${f(y + r * 0.75)}L${f(x - r * 0.95)},${f(y + r * 0.75)}Z`;
    case "diamond":
      return `M${f(x)},${f(y - r)}L${f(x + r)},${f(y)}L${f(x)},${f(y + r)}L${f(x - r)},${f(y)}Z`;
    default:
      return `M${f(x - r)},${f(y)}a${f(r)},${f(r)} 0 1,0 ${f(2 * r)},0a${f(r)},${f(r)} 0 1,0 ${f(-2 * r)},0Z`;
  }
}

/** TERRAIN_COLOURS are the fills of unowned tiles by terrain. */
export const TERRAIN_COLOURS: Record<string, string> = {
  concrete: "#b9b9b4",
  stone: "#9a948a",
  grass: "#9ccf7a",
  soil: "#b98d5f",
  snow: "#f4f6fa",
  ice: "#c8e6f2",
  sand: "#ead9a5",
  water: "#6fa8dc",
};

/** STRUCTURE_GLYPHS are the short symbols drawn on tiles (text, so no icon font is needed). */
export const STRUCTURE_GLYPHS: Record<string, string> = {
  house: "⌂",
  building: "▥",
  office: "⚑",
  church: "✝",
  trees: "♣",
  mountain: "▲",
  local_office: "✦",
  police: "◈",
  military: "⚔",
};

/** CHURCH_GLYPHS mark a church's religion. */
export const CHURCH_GLYPHS: Record<string, string> = {
  christianity: "✝",
  buddhism: "☸",
  hinduism: "✺",
  islam: "☪",
};
