// Small helpers for the table page; every rule and every piece of state lives on the server.
(function () {
  "use strict";

  // Copy buttons for invite and spectator links.
  document.addEventListener("click", function (ev) {
    var btn = ev.target.closest ? ev.target.closest("button.copy") : null;
    if (!btn) return;
    var text = btn.getAttribute("data-copy") || "";
    var done = function () { btn.textContent = "Copied"; setTimeout(function () { btn.textContent = "Copy"; }, 1500); };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () {});
    } else {
      var input = btn.parentNode.querySelector("input.link");
      if (input) { input.focus(); input.select(); }
    }
  });

  // Turn timer: count down to the server's deadline (the server decides when time is up).
  function tick() {
    var nodes = document.querySelectorAll(".timer[data-deadline]");
    for (var i = 0; i < nodes.length; i++) {
      var left = Math.max(0, Math.round(parseFloat(nodes[i].getAttribute("data-deadline")) - Date.now() / 1000));
      nodes[i].textContent = left + " s left";
      nodes[i].classList.toggle("low", left <= 10);
    }
  }
  setInterval(tick, 1000);

  // The server redraws the controls whenever anyone at the table joins, leaves or renames,
  // not only when the position changes.  Keep what the player has ticked, chosen and focused
  // in a half-filled form across such a redraw: same form, same version, same choices.  (The
  // same version offers the same forms in the same order: place, kind and version name one.)
  function formKey(form, at) {
    var version = form.querySelector("input[name=version]");
    return version ? at + "|" + form.className + "|" + version.value : null;
  }
  function fieldKey(el) { return el.name + "=" + el.value; }
  var kept = null;
  document.addEventListener("htmx:wsBeforeMessage", function () {
    kept = { forms: {}, focus: null };
    var forms = document.querySelectorAll("#controls form");
    for (var i = 0; i < forms.length; i++) {
      var key = formKey(forms[i], i);
      if (!key) continue;
      var ticked = [], chosen = [];
      var boxes = forms[i].querySelectorAll("input[type=checkbox]:checked");
      for (var b = 0; b < boxes.length; b++) ticked.push(fieldKey(boxes[b]));
      var selects = forms[i].querySelectorAll("select");
      for (var s = 0; s < selects.length; s++) chosen.push(fieldKey(selects[s]));
      kept.forms[key] = { ticked: ticked, chosen: chosen };
      var at = Array.prototype.indexOf.call(forms[i].elements, document.activeElement);
      if (at >= 0) kept.focus = { key: key, at: at };
    }
  });
  function restoreControls() {
    if (!kept) return;
    var forms = document.querySelectorAll("#controls form");
    for (var i = 0; i < forms.length; i++) {
      var key = formKey(forms[i], i);
      var old = key && kept.forms[key];
      if (!old || forms[i].querySelector("input[type=checkbox]:checked")) continue;
      var ticked = old.ticked.slice();  // a hand can hold two cards of one value
      var boxes = forms[i].querySelectorAll("input[type=checkbox]");
      for (var b = 0; b < boxes.length; b++) {
        var n = ticked.indexOf(fieldKey(boxes[b]));
        if (n >= 0) { boxes[b].checked = true; ticked.splice(n, 1); }
      }
      var selects = forms[i].querySelectorAll("select");
      for (var s = 0; s < selects.length; s++) {
        for (var c = 0; c < old.chosen.length; c++) {
          var parts = old.chosen[c].split("=");
          if (parts[0] === selects[s].name) selects[s].value = old.chosen[c].slice(parts[0].length + 1);
        }
      }
      if (kept.focus && kept.focus.key === key && forms[i].elements[kept.focus.at]) {
        forms[i].elements[kept.focus.at].focus();
      }
    }
    kept = null;
  }

  // After the server swaps in a new position, keep keyboard users in the controls and the
  // log and chat scrolled to their newest lines.
  var hadFocusInControls = false;
  document.addEventListener("focusin", function (ev) {
    hadFocusInControls = !!(ev.target.closest && ev.target.closest("#controls"));
  });
  document.addEventListener("htmx:wsAfterMessage", function () {
    restoreControls();
    tick();
    ["log", "chat-log"].forEach(function (id) {
      var el = document.getElementById(id);
      if (el) el.scrollTop = el.scrollHeight;
    });
    var active = document.activeElement;
    if (hadFocusInControls && (!active || active === document.body)) {
      var first = document.querySelector("#controls button, #controls input, #controls select");
      if (first) first.focus();
    }
    var table = document.getElementById("table");
    if (table) table.setAttribute("data-ws", "open");
  });
  document.addEventListener("htmx:wsOpen", function () {
    var table = document.getElementById("table");
    if (table) table.setAttribute("data-ws", "open");
  });
  document.addEventListener("htmx:wsClose", function () {
    var table = document.getElementById("table");
    if (table) table.setAttribute("data-ws", "closed");
  });
  // Build each websocket message from the form's own data.  The ws extension copies the form
  // through htmx's FormData proxy, which answers a field named like a FormData method
  // ("values", "keys", "entries"...) with that method, so the ticked cards never travelled.
  // Ticked boxes always go as a list (empty when nothing is ticked, one item for one card).
  function formMessage(form) {
    var msg = {};
    var own = function (name) { return Object.prototype.hasOwnProperty.call(msg, name); };
    var boxes = form.querySelectorAll("input[type=checkbox][name]");
    for (var i = 0; i < boxes.length; i++) msg[boxes[i].name] = [];
    new FormData(form).forEach(function (value, name) {
      if (own(name) && Array.isArray(msg[name])) msg[name].push(value);
      else if (own(name)) msg[name] = [msg[name], value];
      else msg[name] = value;
    });
    // Actions travel as JSON objects: each form field holds one action's JSON text, parsed here
    // once.  Ticked picks of a set decision go as one submission with its finishing action.
    var parse = function (text) { try { return JSON.parse(text); } catch (e) { return text; } };
    if (typeof msg.action === "string") msg.action = parse(msg.action);
    if (typeof msg.finish === "string") msg.finish = parse(msg.finish);
    if (own("pick")) {
      msg.type = "submit";
      msg.actions = (Array.isArray(msg.pick) ? msg.pick : [msg.pick]).map(parse);
      delete msg.pick;
      if (!own("finish")) msg.finish = null;
    }
    return msg;
  }
  document.addEventListener("htmx:wsConfigSend", function (ev) {
    var form = ev.target;
    if (form && form.tagName === "FORM") ev.detail.messageBody = JSON.stringify(formMessage(form));
  });
  // A sent chat line clears its box; a sent action disables the buttons until the answer.
  document.addEventListener("htmx:wsAfterSend", function (ev) {
    var form = ev.target && ev.target.closest ? ev.target.closest("form") : null;
    if (!form) return;
    if (form.classList.contains("chat-form")) {
      form.reset();
    } else {
      var buttons = document.querySelectorAll("#controls button");
      for (var i = 0; i < buttons.length; i++) buttons[i].disabled = true;
      setTimeout(function () { for (var j = 0; j < buttons.length; j++) buttons[j].disabled = false; }, 4000);
    }
  });
  // Light up the landscapes a control is about while it has the mouse or the keyboard focus.
  function spotlight(spots) {
    var tiles = document.querySelectorAll("#board g.tile");
    var wanted = (spots || "").split(" ");
    for (var i = 0; i < tiles.length; i++) {
      tiles[i].classList.toggle("spot", !!spots && wanted.indexOf(tiles[i].getAttribute("data-i")) >= 0);
    }
  }
  function spotsOf(el) {
    if (!el || !el.closest) return null;
    if (el.tagName === "SELECT") {
      var opt = el.options[el.selectedIndex];
      return opt ? opt.getAttribute("data-spots") : null;
    }
    var b = el.closest("[data-spots]");
    return b ? b.getAttribute("data-spots") : null;
  }
  ["mouseover", "focusin"].forEach(function (kind) {
    document.addEventListener(kind, function (ev) {
      if (ev.target.closest && ev.target.closest("#controls")) spotlight(spotsOf(ev.target));
    });
  });
  ["mouseout", "focusout"].forEach(function (kind) {
    document.addEventListener(kind, function () { spotlight(null); });
  });
  document.addEventListener("change", function (ev) {
    if (ev.target.closest && ev.target.closest("#controls")) spotlight(spotsOf(ev.target));
  });

  document.addEventListener("DOMContentLoaded", function () {
    tick();
    ["log", "chat-log"].forEach(function (id) {
      var el = document.getElementById(id);
      if (el) el.scrollTop = el.scrollHeight;
    });
  });
})();
