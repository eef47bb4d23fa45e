// Collidescope's page side (a miniquad plugin): the URL hash, the clipboard,
// downloads, the file picker, and a few values for the browser test. The Rust half is
// src/bin/collidescope/gui/web.rs. Strings cross as (pointer, length) of UTF-8 in the
// module's memory (`wasm_memory` and `UTF8ToString` come from mq_js_bundle.js).
"use strict";

// What the browser test reads: when the module was compiled and started, when the
// first frame was drawn, where things are, the
// engines' answers on the pair shown.
window.collidescope = { startedMs: null, firstFrameMs: null, layout: null, peers: null,
                        downloads: [] };

(function () {
  const encoder = new TextEncoder();
  let opened = null; // bytes of "name\ntext" of a picked file, until the app reads it

  function text(ptr, len) {
    return len === 0 ? "" : UTF8ToString(ptr, len);
  }
  function bytes(ptr, len) {
    return new Uint8Array(wasm_memory.buffer, ptr, len).slice();
  }
  function location(full) {
    return full ? window.location.href : window.location.hash.replace(/^#/, "");
  }
  function copyBytesInto(src, ptr, len) {
    new Uint8Array(wasm_memory.buffer, ptr, len).set(src.subarray(0, len));
  }

  function copyText(t) {
    const fallback = () => {
      const area = document.createElement("textarea");
      area.value = t;
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      try { document.execCommand("copy"); } catch (e) { console.warn("copy refused", e); }
      document.body.removeChild(area);
      document.getElementById("glcanvas").focus();
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(t).catch(fallback);
    } else {
      fallback();
    }
  }

  function download(name, mime, data) {
    const url = URL.createObjectURL(new Blob([data], { type: mime }));
    const a = document.createElement("a");
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    document.body.removeChild(a);
    setTimeout(() => URL.revokeObjectURL(url), 10000);
    window.collidescope.downloads.push({ name, mime, size: data.length });
  }

  function openFile() {
    const input = document.createElement("input");
    input.type = "file";
    input.accept = ".ron,text/plain";
    input.onchange = () => {
      const file = input.files && input.files[0];
      if (!file) return;
      file.text().then((t) => {
        opened = encoder.encode(file.name + "\n" + t);
        wake();
      });
    };
    input.click();
  }

  // The app sleeps between inputs (repaint on change): what arrives without an input
  // event asks for a frame with miniquad's own schedule_update.
  let wake = () => {};
  // A resized canvas is cleared by the browser: draw it again.
  window.addEventListener("resize", () => wake());

  function register(importObject) {
    const env = importObject.env;
    wake = () => env.sapp_schedule_update();
    env.cs_location_len = (full) => encoder.encode(location(full)).length;
    env.cs_location_read = (full, ptr, len) => copyBytesInto(encoder.encode(location(full)), ptr, len);
    env.cs_set_hash = (ptr, len) => {
      const url = window.location.pathname + window.location.search + "#" + text(ptr, len);
      // Replace, not push: the back button leaves the page instead of undoing a drag.
      window.history.replaceState(null, "", url);
    };
    env.cs_copy_text = (ptr, len) => copyText(text(ptr, len));
    env.cs_download = (np, nl, mp, ml, dp, dl) => download(text(np, nl), text(mp, ml), bytes(dp, dl));
    env.cs_open_file = openFile;
    env.cs_opened_len = () => (opened === null ? -1 : opened.length);
    env.cs_opened_read = (ptr, len) => {
      if (opened !== null) copyBytesInto(opened, ptr, len);
      opened = null;
    };
    env.cs_first_frame = () => {
      window.collidescope.firstFrameMs = performance.now();
      const loading = document.getElementById("loading");
      if (loading) loading.remove();
    };
    env.cs_set_layout = (ptr, len) => { window.collidescope.layout = JSON.parse(text(ptr, len)); };
    // Local storage (the lessons' progress): a key never written, or storage refused
    // (private browsing), reads as "".
    const stored = (kp, kl) => {
      try { return window.localStorage.getItem(text(kp, kl)) || ""; } catch (e) { return ""; }
    };
    env.cs_storage_len = (kp, kl) => encoder.encode(stored(kp, kl)).length;
    env.cs_storage_read = (kp, kl, ptr, len) => copyBytesInto(encoder.encode(stored(kp, kl)), ptr, len);
    env.cs_storage_set = (kp, kl, vp, vl) => {
      try { window.localStorage.setItem(text(kp, kl), text(vp, vl)); } catch (e) { console.warn("storage refused", e); }
    };
    env.cs_set_peers = (ptr, len) => { window.collidescope.peers = JSON.parse(text(ptr, len)); };
    // egui's hyperlinks (the panel's "Manual") open through quad-url's import, which the
    // bundle lacks. The URL arrives as a sapp-jsutils string object: copied into a buffer
    // of the module (a few bytes, left to the module) and opened relative to the page.
    env.quad_url_link_open = (id, newTab) => {
      const len = env.js_string_length(id);
      const ptr = wasm_exports.allocate_vec_u8(len);
      env.js_unwrap_to_str(id, ptr, len);
      window.open(text(ptr, len), newTab ? "_blank" : "_self");
    };
  }

  // Ctrl+V: egui reads miniquad's clipboard at the key press, but the page hands the
  // clipboard over only with the "paste" event that follows it — so the first paste
  // would paste nothing, and each later one the text before. Hold the key press back
  // and replay it once the paste event has delivered the text.
  const CTRL = 2, KEY_V = 86;
  window.addEventListener("keydown", (e) => {
    if ((e.ctrlKey || e.metaKey) && e.code === "KeyV") e.stopPropagation();
  }, true);
  window.addEventListener("paste", () => {
    setTimeout(() => { if (window.wasm_exports) wasm_exports.key_down(KEY_V, CTRL, false); }, 0);
  }, true);

  // Touch. miniquad turns every finger into the left mouse button, so one finger
  // already drags a shape, presses the panel's buttons and drag-scrolls the panel. Here,
  // ahead of miniquad (capture phase), the gestures a mouse has no finger for:
  // - two fingers pan the view under them (as a right-drag does) and pinch to zoom at
  //   the point between them (as the wheel does, a notch per 15 % of spread);
  // - a finger held still on a view for half a second becomes the right button, and
  //   its drag pans (what a right-drag does).
  // Positions go to the module in the canvas's pixels (CSS pixels × devicePixelRatio,
  // as miniquad's own handlers send them).
  const LONG_PRESS_MS = 500, STILL_PX = 8, NOTCH = Math.log(1.15);
  const LEFT = 0, RIGHT = 1;
  let first = null;   // the finger miniquad sees: { id, x0, y0, x, y }
  let pinch = null;   // two fingers: { mid, spread, notches }
  let held = null;    // a long press turned into a right-drag: the finger's id
  let pressTimer = null;

  function px(t) {
    const r = document.getElementById("glcanvas").getBoundingClientRect();
    const k = window.devicePixelRatio || 1;
    return { x: (t.clientX - r.left) * k, y: (t.clientY - r.top) * k };
  }
  function inView(x, y) {
    // The views' rectangles (CSS pixels) from the app's layout.
    const l = window.collidescope.layout;
    if (!l) return false;
    const k = window.devicePixelRatio || 1;
    return [l.world_vp, l.config_vp].some((v) => v && x / k >= v[0] && x / k < v[0] + v[2] &&
                                               y / k >= v[1] && y / k < v[1] + v[3]);
  }
  function touchesOf(e) {
    return Array.from(e.touches).map((t) => ({ id: t.identifier, ...px(t) }));
  }
  function midAndSpread(ts) {
    const [a, b] = ts;
    return { mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, spread: Math.hypot(a.x - b.x, a.y - b.y) };
  }
  function cancelPress() {
    if (pressTimer !== null) clearTimeout(pressTimer);
    pressTimer = null;
  }
  function consume(e) {
    e.stopPropagation();
    e.preventDefault();
  }

  function onStart(e) {
    if (!window.wasm_exports) return;
    const ts = touchesOf(e);
    if (ts.length === 1 && held === null) {
      // miniquad presses the left button; a still finger becomes the right one later.
      const t = ts[0];
      first = { id: t.id, x0: t.x, y0: t.y, x: t.x, y: t.y };
      cancelPress();
      if (inView(t.x, t.y)) {
        pressTimer = setTimeout(() => {
          pressTimer = null;
          if (first === null || pinch !== null) return;
          wasm_exports.mouse_up(first.x, first.y, LEFT);
          wasm_exports.mouse_down(first.x, first.y, RIGHT);
          held = first.id;
          wake();
        }, LONG_PRESS_MS);
      }
      return;
    }
    consume(e);
    cancelPress();
    if (ts.length >= 2 && pinch === null && held === null) {
      // A first finger's left press (if miniquad saw one) ends where it is; the pair
      // pans and zooms.
      const f = (first && ts.find((t) => t.id === first.id)) || ts[0];
      if (first !== null) wasm_exports.mouse_up(f.x, f.y, LEFT);
      first = { id: f.id, x0: f.x, y0: f.y, x: f.x, y: f.y };
      const g = midAndSpread(ts);
      pinch = { mid: g.mid, spread: Math.max(g.spread, 1), notches: 0 };
      wasm_exports.mouse_move(g.mid.x, g.mid.y);
      wasm_exports.mouse_down(g.mid.x, g.mid.y, RIGHT);
      wake();
    }
  }

  function onMove(e) {
    if (!window.wasm_exports) return;
    const ts = touchesOf(e);
    if (pinch !== null) {
      consume(e);
      if (ts.length < 2) return;
      const g = midAndSpread(ts);
      pinch.mid = g.mid;
      wasm_exports.mouse_move(g.mid.x, g.mid.y);  // the right-drag pans
      const want = Math.round(Math.log(Math.max(g.spread, 1) / pinch.spread) / NOTCH);
      while (pinch.notches !== want) {
        const step = want > pinch.notches ? 1 : -1;
        wasm_exports.mouse_wheel(0, step);  // zooms about the point between the fingers
        pinch.notches += step;
      }
      wake();
      return;
    }
    const t = first && ts.find((x) => x.id === first.id);
    if (!t) return;
    first.x = t.x;
    first.y = t.y;
    if (Math.hypot(t.x - first.x0, t.y - first.y0) > STILL_PX) cancelPress();
    if (held !== null) {
      consume(e);
      wasm_exports.mouse_move(t.x, t.y);
      wake();
    }
  }

  function onEnd(e) {
    if (!window.wasm_exports) return;
    const left = touchesOf(e);
    cancelPress();
    if (pinch !== null) {
      consume(e);
      if (left.length < 2) {
        wasm_exports.mouse_up(pinch.mid.x, pinch.mid.y, RIGHT);
        pinch = null;
        wake();
      }
      if (left.length === 0) first = null;
      return;
    }
    if (held !== null) {
      consume(e);
      if (left.length === 0) {
        wasm_exports.mouse_up(first ? first.x : 0, first ? first.y : 0, RIGHT);
        held = null;
        first = null;
        wake();
      }
      return;
    }
    if (left.length === 0) first = null;
  }

  const opts = { capture: true, passive: false };
  window.addEventListener("touchstart", onStart, opts);
  window.addEventListener("touchmove", onMove, opts);
  window.addEventListener("touchend", onEnd, opts);
  window.addEventListener("touchcancel", onEnd, opts);

  miniquad_add_plugin({
    register_plugin: register,
    on_init: () => { window.collidescope.startedMs = performance.now(); },
    version: 1,
    name: "collidescope",
  });
})();
