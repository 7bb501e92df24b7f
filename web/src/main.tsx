// Entry point: read the saved language and options, build the store and
// the controller, render the app, and sign in with the session cookie if
// there is one.

import { render } from "preact";
import { Controller } from "./controller";
import { detectLang } from "./i18n/i18n";
import { Store, initialState, type Options } from "./store";
import { App } from "./ui/App";
import { Ctx } from "./ui/common";
import "./style.css";

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

const defaults: Options = { coords: false, reduceMotion: false, logExplain: false };
let options = defaults;
try {
  options = { ...defaults, ...JSON.parse(stored("tabletop.options") ?? "{}") };
} catch {
  options = defaults;
}
const lang = detectLang(stored("tabletop.lang"), navigator.language);
document.documentElement.lang = lang;
const store = new Store(initialState(lang, options));
const ctl = new Controller(store);
const root = document.getElementById("app")!;
root.textContent = "";
render(
  <Ctx.Provider value={{ store, ctl }}>
    <App />
  </Ctx.Provider>,
  root,
);
void ctl.boot();
