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
  // A redraw replaces the Next button a keyboard user is on: give the focus to the new one.
  var onRevealNext = false;
  document.addEventListener("htmx:wsBeforeMessage", function () {
    var active = document.activeElement;
    onRevealNext = !!(active && active.matches && active.matches("[data-reveal-next]"));
  });
  document.addEventListener("htmx:wsAfterMessage", function () {
    drawReveals();
    if (onRevealNext && (!document.activeElement || document.activeElement === document.body)) {
      var again = document.querySelector("[data-reveal-next]:not([hidden])");
      if (again) again.focus();
    }
    restoreControls();
    limitAllPicks();
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
  // Build each websocket message from the form's own data.  A move's form says which message it
  // is (data-message): "act" sends the one action its hidden field or list box holds, "submit"
  // sends the ticked choices of a set, in the order they are offered, with the set's closing
  // action.  Each field holds one action as JSON text; the message carries the actions as
  // objects.  Other forms (chat) go field by field.  (The ws extension's own copy of the form
  // goes through htmx's FormData proxy, which answers a field named like a FormData method
  // with that method; building the message here avoids it.)
  function actionOf(text) {
    try { return JSON.parse(text); } catch (e) { return null; }
  }
  function moveMessage(form, kind) {
    var version = form.querySelector("input[name=version]");
    var msg = { type: kind, version: version ? Number(version.value) : null };
    if (kind === "act") {
      var field = form.elements.namedItem("action");
      msg.action = field ? actionOf(field.value) : null;
      return msg;
    }
    msg.actions = [];
    var boxes = form.querySelectorAll("input[type=checkbox][name=pick]");
    for (var i = 0; i < boxes.length; i++) {
      if (boxes[i].checked) msg.actions.push(actionOf(boxes[i].value));
    }
    var finish = form.querySelector("input[name=finish]");
    msg.finish = finish ? actionOf(finish.value) : null;
    return msg;
  }
  function formMessage(form) {
    var kind = form.getAttribute("data-message");
    if (kind === "act" || kind === "submit") return moveMessage(form, kind);
    var msg = {};
    var own = function (name) { return Object.prototype.hasOwnProperty.call(msg, name); };
    new FormData(form).forEach(function (value, name) {
      if (own(name) && Array.isArray(msg[name])) msg[name].push(value);
      else if (own(name)) msg[name] = [msg[name], value];
      else msg[name] = value;
    });
    return msg;
  }
  // A set takes at most data-most picks: once that many are ticked the other boxes rest.
  function limitPicks(fieldset) {
    var most = parseInt(fieldset.getAttribute("data-most") || "0", 10);
    if (!(most > 0)) return;
    var boxes = fieldset.querySelectorAll("input[type=checkbox][name=pick]");
    var ticked = 0;
    for (var i = 0; i < boxes.length; i++) if (boxes[i].checked) ticked++;
    for (var j = 0; j < boxes.length; j++) boxes[j].disabled = !boxes[j].checked && ticked >= most;
  }
  function limitAllPicks() {
    var sets = document.querySelectorAll("#controls fieldset[data-most]");
    for (var i = 0; i < sets.length; i++) limitPicks(sets[i]);
  }
  document.addEventListener("change", function (ev) {
    var fieldset = ev.target.closest ? ev.target.closest("fieldset[data-most]") : null;
    if (fieldset) limitPicks(fieldset);
  });
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
    } else if (!form.classList.contains("prefs-form")) {  // a preference is no move: moves stay open
      var buttons = document.querySelectorAll("#controls button");
      for (var i = 0; i < buttons.length; i++) buttons[i].disabled = true;
      setTimeout(function () { for (var j = 0; j < buttons.length; j++) buttons[j].disabled = false; }, 4000);
    }
  });
  // Light up the board places a control is about (its choice's marks, data-spots) while it has
  // the mouse or the keyboard focus; a skin's board names its places with data-spot.
  function spotlight(spots) {
    var places = document.querySelectorAll("#board [data-spot]");
    var wanted = (spots || "").split(" ");
    for (var i = 0; i < places.length; i++) {
      places[i].classList.toggle("spot", !!spots && wanted.indexOf(places[i].getAttribute("data-spot")) >= 0);
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

  // A skin's board may let a place stand for a choice: a place marked data-choose makes the
  // choice whose marks name it (its data-spot), as if its button were pressed; where several
  // choices name it, the first of them gets the focus so the player picks.  A place's data-note
  // shows in the board's data-caption while it has the mouse or the focus.
  function choicesFor(spot) {
    var found = [];
    var marked = document.querySelectorAll("#controls [data-spots]");
    for (var i = 0; i < marked.length; i++) {
      if (marked[i].getAttribute("data-spots").split(" ").indexOf(spot) >= 0) found.push(marked[i]);
    }
    return found;
  }
  function choose(place) {
    var found = choicesFor(place.getAttribute("data-spot") || "");
    if (found.length !== 1) {
      if (found.length) (found[0].tagName === "OPTION" ? found[0].closest("select") : found[0]).focus();
      return;
    }
    var el = found[0];
    if (el.tagName === "OPTION") {
      var select = el.closest("select");
      select.value = el.value;
      var send = select.form && select.form.querySelector("button[type=submit]");
      if (send && !send.disabled) send.click();
    } else if (el.tagName === "BUTTON" && !el.disabled) {
      el.click();
    } else if (el.tagName === "INPUT") {
      el.click();
    }
  }
  document.addEventListener("click", function (ev) {
    var place = ev.target.closest ? ev.target.closest("#board [data-choose]") : null;
    if (place) { ev.preventDefault(); choose(place); }
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.key !== "Enter" && ev.key !== " ") return;
    var place = ev.target.closest ? ev.target.closest("#board [data-choose]") : null;
    if (place && place === ev.target) { ev.preventDefault(); choose(place); }
  });
  ["mouseover", "focusin"].forEach(function (kind) {
    document.addEventListener(kind, function (ev) {
      var place = ev.target.closest ? ev.target.closest("#board [data-note]") : null;
      var caption = document.querySelector("#board [data-caption]");
      if (place && caption) caption.textContent = place.getAttribute("data-note");
    });
  });


  // A staged reveal, for any skin: a [data-reveal] box holds steps [data-reveal-step="key"] in
  // order (data-reveal-label names each) and a [data-reveal-next] button.  A step that arrives
  // with an update shows at once when every step before it shows; the steps after it wait for
  // Next, so steps that arrive together are read one at a time.  Steps already on the page when
  // it loads all show (a reload keeps the breakdown whole).  The keys are remembered across
  // redraws of the box; the server never waits for anyone to press Next.
  var revealShown = {}, revealWaiting = {};
  function drawReveal(box) {
    var steps = box.querySelectorAll("[data-reveal-step]"), held = null, fresh = false;
    for (var i = 0; i < steps.length; i++) {
      var key = steps[i].getAttribute("data-reveal-step");
      if (!revealShown[key] && !revealWaiting[key] && !held && !fresh) {
        revealShown[key] = true;  // the first step of those that just arrived
        fresh = true;
      }
      if (!revealShown[key]) { revealWaiting[key] = true; held = held || steps[i]; }
      steps[i].hidden = !revealShown[key];
    }
    var next = box.querySelector("[data-reveal-next]");
    if (next) {
      next.hidden = !held;
      next.textContent = held ? "Next: " + (held.getAttribute("data-reveal-label") || "more") : "Next";
    }
  }
  function drawReveals() {
    var boxes = document.querySelectorAll("[data-reveal]");
    for (var i = 0; i < boxes.length; i++) drawReveal(boxes[i]);
  }
  function showAllReveals() {
    var steps = document.querySelectorAll("[data-reveal-step]");
    for (var i = 0; i < steps.length; i++) revealShown[steps[i].getAttribute("data-reveal-step")] = true;
    drawReveals();
  }
  document.addEventListener("click", function (ev) {
    var next = ev.target.closest ? ev.target.closest("[data-reveal-next]") : null;
    var box = next && next.closest("[data-reveal]");
    if (!box) return;
    var steps = box.querySelectorAll("[data-reveal-step]");
    for (var i = 0; i < steps.length; i++) {
      var key = steps[i].getAttribute("data-reveal-step");
      if (!revealShown[key]) {
        revealShown[key] = true;
        delete revealWaiting[key];
        drawReveal(box);
        if (next.hidden) {  // the last step: read on from it
          if (!steps[i].hasAttribute("tabindex")) steps[i].setAttribute("tabindex", "-1");
          steps[i].focus();
        }
        return;
      }
    }
  });

  // A decision's "?" stays open across an update that still shows the same decision (a bot's
  // move elsewhere redraws the controls; the reader should not lose the help they opened).
  var openHelp = [];
  document.addEventListener("htmx:wsBeforeMessage", function () {
    openHelp = Array.prototype.map.call(
      document.querySelectorAll("#controls details.decision-help[open] > summary"),
      function (s) { return s.getAttribute("aria-label"); });
  });
  document.addEventListener("htmx:wsAfterMessage", function () {
    var all = document.querySelectorAll("#controls details.decision-help > summary");
    for (var i = 0; i < all.length; i++) {
      if (openHelp.indexOf(all[i].getAttribute("aria-label")) >= 0) all[i].parentNode.open = true;
    }
    openHelp = [];
  });

  document.addEventListener("DOMContentLoaded", function () {
    tick();
    showAllReveals();
    limitAllPicks();
    ["log", "chat-log"].forEach(function (id) {
      var el = document.getElementById(id);
      if (el) el.scrollTop = el.scrollHeight;
    });
  });
})();
