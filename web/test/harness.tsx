// Renders screens to HTML in node (preact-render-to-string) with a store in
// a chosen state, and a controller whose socket and REST calls are recorded
// instead of sent, so screen and intent tests need no browser.

import type { VNode } from "preact";
import { renderToString } from "preact-render-to-string";
import { Controller } from "../src/controller";
import { Api } from "../src/net/api";
import { type AppState, Store, initialState } from "../src/store";
import { Ctx } from "../src/ui/common";
import type { Account } from "../src/net/api";
import type { ReloadEnv } from "../src/net/reload";

export const ACCOUNT: Account = {
  id: 17, username: "ada", guest: false, display_name: "Ada", icon: "owl",
  level: 2, xp: 80, level_xp: 50, next_level_xp: 200, trait_points: 6,
};

/** fakeReloadEnv is a sessionStorage in a Map, a clock the test moves and a counted page reload. */
export function fakeReloadEnv(start = 1_000_000) {
  const items = new Map<string, string>();
  const env = {
    clock: start,
    reloads: 0,
    items,
    storage: {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
    } as ReloadEnv["storage"],
    now: () => env.clock,
    reload: () => void env.reloads++,
  };
  return env;
}

export interface Harness {
  store: Store;
  ctl: Controller;
  sent: { type: string; fields: Record<string, unknown> }[];
  calls: { method: string; path: string; body?: unknown }[];
  /** reload stands in for the page's sessionStorage, clock and location.reload. */
  reload: ReturnType<typeof fakeReloadEnv>;
  render(node: VNode): string;
}

export function harness(patch: Partial<AppState> = {}): Harness {
  const store = new Store({ ...initialState("en", { coords: false, reduceMotion: false, logExplain: false }), account: ACCOUNT, screen: "menu", ...patch });
  const calls: Harness["calls"] = [];
  const api = new Api(async (path, init) => {
    calls.push({ method: init?.method ?? "GET", path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return new Response("{}", { status: 200, headers: { "Content-Type": "application/json" } });
  });
  const reload = fakeReloadEnv();
  const ctl = new Controller(store, api, reload);
  const sent: Harness["sent"] = [];
  ctl.socket = {
    request: async (type: string, fields: Record<string, unknown> = {}) => {
      sent.push({ type, fields });
      return {};
    },
    stop() {},
  } as any;
  return {
    store,
    ctl,
    sent,
    calls,
    reload,
    render: (node) => renderToString(<Ctx.Provider value={{ store, ctl }}>{node}</Ctx.Provider>),
  };
}

/** elements returns the opening tags in html that carry attr="value". */
export function elements(html: string, attr: string, value: string): string[] {
  const re = new RegExp(`<[a-z]+[^>]*\\b${attr}="${value.replace(/[-/\\^$*+?.()|[\]{}]/g, "\\$&")}"[^>]*>`, "g");
  return html.match(re) ?? [];
}

/** one returns the single opening tag with attr="value", failing otherwise. */
export function one(html: string, attr: string, value: string): string {
  const found = elements(html, attr, value);
  if (found.length !== 1) throw new Error(`want one element with ${attr}="${value}", found ${found.length}`);
  return found[0];
}

/** styleSize reads "width:Npx;height:Mpx" from a tag's style. */
export function styleSize(tag: string): { w: number; h: number } {
  const w = /width:\s*(\d+)px/.exec(tag);
  const h = /height:\s*(\d+)px/.exec(tag);
  return { w: w ? Number(w[1]) : NaN, h: h ? Number(h[1]) : NaN };
}

/** text strips tags from an HTML fragment. */
export function text(html: string): string {
  return html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
}

/** textAfter is the text from the end of the tag holding marker (an attribute such as 'data-ui="UI-209"'). */
export function textAfter(html: string, marker: string): string {
  const i = html.indexOf(marker);
  if (i < 0) throw new Error(`no ${marker}`);
  return text(html.slice(html.indexOf(">", i) + 1));
}
