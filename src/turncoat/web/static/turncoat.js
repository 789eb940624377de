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
    var chat = document.getElementById("chat-log");
    if (chat) chat.scrollTop = chat.scrollHeight;
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
    drawHeld();
  }
  // Elsewhere on the page (a board's summary, say), [data-reveal-after="key"] waits for step
  // "key" to show, so it does not tell the end before the steps do; with no such step on the
  // page it shows.  [data-reveal-until="key"] is its twin for the time before (a score before
  // the step adds to it): shown only while step "key" waits, so it comes with the hidden
  // attribute for a page without the script.  An attribute, not .hidden: SVG elements have no
  // hidden property.
  function drawHeld() {
    var present = {}, steps = document.querySelectorAll("[data-reveal-step]");
    for (var i = 0; i < steps.length; i++) present[steps[i].getAttribute("data-reveal-step")] = true;
    function waiting(key) { return present[key] && !revealShown[key]; }
    var held = document.querySelectorAll("[data-reveal-after]");
    for (var j = 0; j < held.length; j++) {
      if (waiting(held[j].getAttribute("data-reveal-after"))) held[j].setAttribute("hidden", "");
      else held[j].removeAttribute("hidden");
    }
    var before = document.querySelectorAll("[data-reveal-until]");
    for (var k = 0; k < before.length; k++) {
      if (waiting(before[k].getAttribute("data-reveal-until"))) before[k].removeAttribute("hidden");
      else before[k].setAttribute("hidden", "");
    }
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
        drawHeld();
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

  // -- your turn, noticed --------------------------------------------------------------------
  // The tab's title says when the seated viewer is to act (#table's data-seat among #status's
  // data-to-act).  When a turn begins (not on loading the page) a short beep plays if the player
  // turned the sound on (a preference this browser keeps), and a notification shows if they
  // allowed notifications and the tab is hidden.
  var SOUND_KEY = "turncoat.turnSound";
  var baseTitle = document.title;
  var wasMyTurn = null;
  var audio = null;
  function storedSound() {
    try { return window.localStorage.getItem(SOUND_KEY) === "on"; } catch (e) { return false; }
  }
  function myTurnNow() {
    var table = document.getElementById("table");
    var seat = table ? table.getAttribute("data-seat") : "";
    var status = document.getElementById("status");
    if (!seat || !status || document.querySelector(".results")) return false;
    return (status.getAttribute("data-to-act") || "").split(" ").indexOf(seat) >= 0;
  }
  function beep() {
    var Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    try {
      audio = audio || new Ctx();
      if (audio.state === "suspended") audio.resume();
      var now = audio.currentTime, osc = audio.createOscillator(), gain = audio.createGain();
      osc.type = "sine";
      osc.frequency.setValueAtTime(660, now);
      osc.frequency.setValueAtTime(880, now + 0.12);
      gain.gain.setValueAtTime(0.0001, now);
      gain.gain.exponentialRampToValueAtTime(0.2, now + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.3);
      osc.connect(gain);
      gain.connect(audio.destination);
      osc.start(now);
      osc.stop(now + 0.32);
    } catch (e) { return; }
    var alerts = document.getElementById("alerts");
    if (alerts) alerts.setAttribute("data-beeps", String(Number(alerts.getAttribute("data-beeps") || 0) + 1));
  }
  function notifyTurn() {
    if (!document.hidden || !("Notification" in window) || Notification.permission !== "granted") return;
    try {
      var table = document.getElementById("table");
      var note = new Notification("Your turn", { body: baseTitle, tag: "turncoat-turn-" + (table ? table.getAttribute("ws-connect") : "") });
      note.onclick = function () { window.focus(); note.close(); };
    } catch (e) { return; }  // a browser that shows notifications only from a service worker
  }
  function noticeTurn() {
    var mine = myTurnNow();
    document.title = mine ? "\u25CF Your turn \u2014 " + baseTitle : baseTitle;
    if (mine && wasMyTurn === false) {
      if (storedSound()) beep();
      notifyTurn();
    }
    wasMyTurn = mine;
  }
  function drawNotifyState() {
    var button = document.getElementById("turn-notify"), state = document.getElementById("turn-notify-state");
    if (!button || !state) return;
    if (!("Notification" in window)) { button.hidden = true; state.textContent = ""; return; }
    var allowed = Notification.permission;
    button.hidden = allowed !== "default";
    state.textContent = allowed === "granted" ? "Notifications on while this tab is hidden."
      : allowed === "denied" ? "Notifications are blocked for this site in your browser." : "";
  }
  function setUpAlerts() {
    var alerts = document.getElementById("alerts");
    if (!alerts) return;
    alerts.hidden = false;
    var sound = document.getElementById("turn-sound");
    if (sound) {
      sound.checked = storedSound();
      sound.addEventListener("change", function () {
        try { window.localStorage.setItem(SOUND_KEY, sound.checked ? "on" : "off"); } catch (e) { /* private mode */ }
        if (sound.checked) beep();  // a sample, and the click lets the page play sound later
      });
    }
    var button = document.getElementById("turn-notify");
    if (button) {
      button.addEventListener("click", function () {
        if (!("Notification" in window)) return;
        var asked = Notification.requestPermission(drawNotifyState);
        if (asked && asked.then) asked.then(drawNotifyState);
      });
    }
    drawNotifyState();
  }
  document.addEventListener("htmx:wsAfterMessage", noticeTurn);

  // -- a board on a small screen ------------------------------------------------------------
  // A skin's board is drawn to fit the page, which on a phone shrinks its words past reading.
  // There it keeps the scale at which its smallest text is at least READABLE_PX and pans sideways.
  var READABLE_PX = 11, NARROW = "(max-width: 600px)";
  function fitBoards() {
    var wrap = document.getElementById("board");
    var svg = wrap && wrap.querySelector("svg.board");
    if (!svg || !svg.viewBox || !svg.viewBox.baseVal || !svg.viewBox.baseVal.width) return;
    wrap.classList.add("fitted");
    if (!window.matchMedia(NARROW).matches) { svg.style.minWidth = ""; return; }
    var texts = svg.querySelectorAll("text"), smallest = Infinity;
    for (var i = 0; i < texts.length && i < 400; i++) {
      var size = parseFloat(window.getComputedStyle(texts[i]).fontSize);
      if (size > 0 && size < smallest) smallest = size;
    }
    if (!isFinite(smallest)) { svg.style.minWidth = ""; return; }
    var needed = Math.ceil(svg.viewBox.baseVal.width * READABLE_PX / smallest);
    svg.style.minWidth = needed > wrap.clientWidth ? needed + "px" : "";
    // Where the player had panned to before an update redrew the board; at first, its middle.
    wrap.scrollLeft = boardPan !== null ? boardPan : (wrap.scrollWidth - wrap.clientWidth) / 2;
  }
  var boardPan = null;
  document.addEventListener("htmx:wsBeforeMessage", function () {
    var wrap = document.getElementById("board");
    if (wrap && wrap.classList.contains("fitted")) boardPan = wrap.scrollLeft;
  });
  document.addEventListener("htmx:wsAfterMessage", fitBoards);
  window.addEventListener("resize", fitBoards);

  // -- the replay, step by step in place -----------------------------------------------------
  // Each step of a replay is a page of its own (its links work without a script).  Here a link,
  // a key or the round list fetches the wanted step's page, as the server draws it for this
  // viewer, and swaps in its step bar and its view: no reload, and nothing the page did not
  // already allow the viewer to see.
  var replayWanted = null, replayAsked = 0, replayTimer = null;
  function replayBar() { return document.getElementById("replay-steps"); }
  function replayNumber(name) {
    var bar = replayBar();
    return bar ? Number(bar.getAttribute(name)) : 0;
  }
  function replayUrl(step) {
    var url = new URL(window.location.href);
    url.searchParams.set("step", String(step));
    return url;
  }
  function replayGo(step) {
    var total = replayNumber("data-total");
    step = Math.max(0, Math.min(total, step));
    replayWanted = step;
    var asked = ++replayAsked, url = replayUrl(step);
    var active = document.activeElement;
    var focusKey = active && active.closest && active.closest("#replay-steps") ? active.getAttribute("aria-label") || active.id : null;
    return fetch(url.toString(), { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (r) { if (!r.ok) throw new Error("step " + step + ": " + r.status); return r.text(); })
      .then(function (text) {
        if (asked !== replayAsked) return;  // a later step was asked for meanwhile
        var doc = new DOMParser().parseFromString(text, "text/html");
        var board = document.getElementById("board");
        if (board && board.classList.contains("fitted")) boardPan = board.scrollLeft;
        ["replay-steps", "replay-view"].forEach(function (id) {
          var now = document.getElementById(id), next = doc.getElementById(id);
          if (now && next) now.replaceWith(document.importNode(next, true));
        });
        window.history.replaceState(null, "", url.toString());
        var said = document.getElementById("replay-said"), count = document.querySelector("#replay-steps .step-count");
        if (said && count) said.textContent = count.textContent;  // the swapped-in count is not announced
        if (focusKey) {
          var again = document.querySelector("#replay-steps [aria-label='" + focusKey + "']") || document.getElementById(focusKey);
          if (again) again.focus();
        }
        fitBoards();
        if (replayTimer !== null) replayTimer = window.setTimeout(replayTick, 1000);
      })
      .catch(function () { replayStop(); window.location.assign(url.toString()); });  // the plain page
  }
  function replayRoundStep(direction) {
    var here = replayWanted === null ? replayNumber("data-step") : replayWanted;
    var bar = replayBar(), text = bar ? bar.getAttribute("data-round-steps") || "" : "";
    var starts = text ? text.split(" ").map(Number) : [];
    if (direction > 0) {
      for (var i = 0; i < starts.length; i++) if (starts[i] > here) return starts[i];
      return replayNumber("data-total");
    }
    for (var j = starts.length - 1; j >= 0; j--) if (starts[j] < here) return starts[j];
    return 0;
  }
  function replayTick() {
    replayTimer = 0;  // running: the next step's arrival sets the next tick
    if (replayNumber("data-step") >= replayNumber("data-total")) { replayStop(); return; }
    replayGo(replayNumber("data-step") + 1);
  }
  function replayDrawPlay() {
    var button = document.getElementById("replay-autoplay");
    if (!button) return;
    var on = replayTimer !== null;
    button.textContent = on ? "\u275A\u275A Pause" : "\u25B6 Play";
    button.setAttribute("aria-pressed", on ? "true" : "false");
  }
  function replayStop() {
    if (replayTimer) window.clearTimeout(replayTimer);
    replayTimer = null;
    replayDrawPlay();
  }
  function replayToggle() {
    if (replayTimer !== null) { replayStop(); return; }
    if (replayNumber("data-step") >= replayNumber("data-total")) {
      replayTimer = 0;  // from the start again: the first step's arrival sets the next tick
      replayGo(0);
    } else {
      replayTimer = window.setTimeout(replayTick, 600);
    }
    replayDrawPlay();
  }
  function setUpReplay() {
    if (!replayBar()) return;
    var play = document.querySelector(".replay-play");
    if (play) play.hidden = false;
    document.addEventListener("click", function (ev) {
      var link = ev.target.closest ? ev.target.closest("#replay-steps a[data-step-to]") : null;
      if (link && !ev.ctrlKey && !ev.metaKey && !ev.shiftKey && ev.button === 0) {
        ev.preventDefault();
        replayStop();
        replayGo(Number(link.getAttribute("data-step-to")));
      }
      if (ev.target.closest && ev.target.closest("#replay-autoplay")) replayToggle();
    });
    document.addEventListener("submit", function (ev) {
      var form = ev.target.closest ? ev.target.closest("#replay-steps form.round-jump") : null;
      if (!form) return;
      ev.preventDefault();
      replayStop();
      replayGo(Number(form.querySelector("select").value));
    });
    document.addEventListener("change", function (ev) {
      if (ev.target.id === "round-step") { replayStop(); replayGo(Number(ev.target.value)); }
    });
    document.addEventListener("keydown", function (ev) {
      if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
      var t = ev.target;
      if (t && t.closest && t.closest("input, select, textarea, [contenteditable], summary")) return;
      var onButton = t && t.closest && t.closest("button, a");
      var here = replayWanted === null ? replayNumber("data-step") : replayWanted;
      var to = null;
      if (ev.key === "ArrowRight") to = here + 1;
      else if (ev.key === "ArrowLeft") to = here - 1;
      else if (ev.key === "PageDown") to = replayRoundStep(1);
      else if (ev.key === "PageUp") to = replayRoundStep(-1);
      else if (ev.key === "Home") to = 0;
      else if (ev.key === "End") to = replayNumber("data-total");
      else if (ev.key === " " && !onButton) { ev.preventDefault(); replayToggle(); return; }
      if (to === null) return;
      ev.preventDefault();
      replayStop();
      replayGo(to);
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    tick();
    showAllReveals();
    limitAllPicks();
    var chat = document.getElementById("chat-log");
    if (chat) chat.scrollTop = chat.scrollHeight;
    setUpAlerts();
    noticeTurn();
    fitBoards();
    setUpReplay();
  });
})();
