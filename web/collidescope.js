// Collidescope's page side (a miniquad plugin): the URL hash, the clipboard,
// downloads, the file picker, and a few values for the browser test. The Rust half is
// src/bin/collidescope/gui/web.rs. Strings cross as (pointer, length) of UTF-8 in the
// module's memory (`wasm_memory` and `UTF8ToString` come from mq_js_bundle.js).
"use strict";

// What the browser test reads: when the first frame was drawn, where things are.
window.collidescope = { firstFrameMs: null, layout: null, downloads: [] };

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

  miniquad_add_plugin({ register_plugin: register, version: 1, name: "collidescope" });
})();
