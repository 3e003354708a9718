// The stonefield page: every rule, picture and bot is the server's; this
// script only asks the JSON API (/openapi.json) and shows its answers.

const $ = (id) => document.getElementById(id);

const ui = {
  catalogue: null,
  gameId: null,
  position: null, // the latest answer about the position shown
  view: null, // the ply shown, or null for the latest position
  overlay: "", // "", one of the game's overlays, or "analyse"
  at: null, // the point the overlay shows, or null for its default
  players: [
    { bot: "human", budget: "iterations", amount: 1000 },
    { bot: "mcts", budget: "iterations", amount: 1000 },
  ],
  autoplay: true, // bots move by themselves when it is their turn
  thinking: false,
  request: 0, // the latest refresh, so older answers are dropped
};

const COLOURS = { black: "Black", white: "White" };
const BOT_TITLES = { mcts: "MCTS", puct: "PUCT" };
const GAME_NOTES = {
  sunder: "make a group whose every cut is at most half the board",
  anda: "keep your groups breathing; score territory and prisoners",
  anadil: "the square breath game, with its prison",
  lingarda: "keep a lifeline to the edge; stones without one flip",
  esgrad: "groups score the triangle of their partitions",
};

class Refused extends Error {
  constructor(status, problem) {
    super(problem.message);
    this.status = status;
    this.problem = problem;
  }
}

async function api(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const answer = await fetch(`/api${path}`, options);
  if (answer.status === 204) return null;
  const data = await answer.json();
  if (!answer.ok) throw new Refused(answer.status, data);
  return data;
}

// ---------------------------------------------------------------- helpers

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) {
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  }
  return node;
}

function stoneIcon(colour) {
  return el("span", { class: `stone-icon ${colour}`, "aria-hidden": "true" });
}

function gameInfo(name) {
  return ui.catalogue.games.find((g) => g.name === name);
}

function title(name) {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function number(value) {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

// The seat (0 moved first) that plays a colour.
function seatOf(colour, swapped) {
  const first = swapped ? "white" : "black";
  return colour === first ? 0 : 1;
}

function colourOf(seat, swapped) {
  return (seat === 0) !== swapped ? "black" : "white";
}

function latest() {
  return ui.view === null;
}

function showProblem(where, error) {
  const box = $(where);
  if (!error) {
    box.hidden = true;
    box.textContent = "";
    return;
  }
  const p = error.problem || { message: String(error) };
  box.textContent = p.reason && p.move ? `${p.move}: ${p.reason}` : p.message;
  box.hidden = false;
}

// ---------------------------------------------------------------- loading

async function refresh() {
  if (!ui.gameId) return;
  const ticket = ++ui.request;
  const query = new URLSearchParams();
  if (ui.view !== null) query.set("ply", ui.view);
  if (ui.overlay && ui.overlay !== "analyse") query.set("overlay", ui.overlay);
  if (ui.at && ui.overlay && ui.overlay !== "analyse") query.set("at", ui.at);
  let position;
  try {
    position = await api("GET", `/games/${ui.gameId}?${query}`);
  } catch (error) {
    if (ui.overlay && error.status === 400 && ui.at) {
      ui.at = null; // the point no longer suits the overlay
      return refresh();
    }
    if (error.status === 404) return startDefault();
    return showProblem("problem", error);
  }
  if (ticket !== ui.request) return;
  render(position);
  if (ui.overlay === "analyse") await analyse(ticket);
  else maybeBot();
}

async function analyse(ticket) {
  const position = ui.position;
  $("overlay-caption").textContent = position.is_over
    ? "The game is over: nothing to analyse."
    : "Analysing…";
  if (position.is_over) return maybeBot();
  const iterations = Number($("analyse-iterations").value) || 2000;
  try {
    const found = await api("POST", `/games/${ui.gameId}/analysis`, {
      ply: position.ply,
      iterations,
      seed: 0,
    });
    if (ticket !== ui.request) return;
    drawBoard(found.svg, position);
    $("overlay-caption").textContent = found.caption;
  } catch (error) {
    if (ticket !== ui.request) return;
    $("overlay-caption").textContent = "";
    showProblem("problem", error);
  }
  maybeBot();
}

function adopt(position) {
  ui.gameId = position.id;
  ui.view = null;
  ui.at = null;
  ui.autoplay = true;
  const info = gameInfo(position.game);
  if (ui.overlay && ui.overlay !== "analyse" && !info.overlays.includes(ui.overlay)) {
    ui.overlay = "";
  }
  history.replaceState(null, "", `#game=${position.id}`);
  renderOverlayChoices(info);
  return refresh();
}

async function startGame(game, options) {
  const position = await api("POST", "/games", { game, options });
  showProblem("problem", null);
  return adopt(position);
}

async function startDefault() {
  return startGame("sunder", { size: 5 });
}

// ---------------------------------------------------------------- drawing

function render(position) {
  ui.position = position;
  const info = gameInfo(position.game);
  const options = Object.entries(position.options)
    .map(([k, v]) => `${k} ${v === true ? "on" : v === false ? "off" : v}`)
    .join(" · ");
  $("title").textContent = `${title(position.game)} — ${options}`;
  document.title = `${title(position.game)} · stonefield`;
  $("download").href = `/api/games/${position.id}/record`;

  drawBoard(position.svg, position);
  renderStatus(position);
  renderSpecials(position, info);
  renderScore(position);
  renderMoves(position);
  renderPlayers(position);
  renderOverlayState(position);

  const viewing = !latest();
  $("viewing").hidden = !viewing;
  if (viewing) {
    $("viewing-text").textContent =
      `Position after move ${position.ply} of ${position.moves.length}`;
  }
  $("undo").disabled = position.moves.length === 0;
  $("first").disabled = position.ply === 0;
  $("previous").disabled = position.ply === 0;
  $("next").disabled = position.ply === position.moves.length;
  $("last").disabled = position.ply === position.moves.length;
}

function drawBoard(svg, position) {
  const board = $("board");
  board.innerHTML = svg;
  const picture = board.querySelector("svg");
  picture.setAttribute("role", "img");
  // Neighbouring points are one unit apart: small boards do not grow past
  // a comfortable stone, and big ones keep points large enough to tap
  // (the board scrolls sideways on a narrow screen).
  const units = picture.viewBox.baseVal.width;
  picture.style.maxWidth = `${Math.round(units * 72)}px`;
  picture.style.minWidth = `${Math.round(Math.min(units * 15, 1200))}px`;
  const mover = COLOURS[position.to_move];
  picture.setAttribute(
    "aria-label",
    `${title(position.game)} board after ${position.ply} moves, ` +
      (position.is_over ? "game over" : `${mover} to move`),
  );
  const playable = latest() && !position.is_over && humanToMove(position);
  board.classList.toggle("playable", playable);
  board.dataset.mover = position.to_move;
  const legal = new Set(position.legal_moves);
  for (const target of picture.querySelectorAll(".target")) {
    if (legal.has(target.dataset.point)) target.classList.add("legal");
  }
  // A ghost stone follows the pointer over the points one may play.
  const ghost = document.createElementNS("http://www.w3.org/2000/svg", "circle");
  ghost.setAttribute("class", `ghost ${position.to_move}`);
  ghost.setAttribute("r", "0");
  picture.querySelector(".targets").before(ghost);
}

function humanToMove(position) {
  const seat = seatOf(position.to_move, position.swapped);
  return ui.players[seat].bot === "human";
}

function renderStatus(position) {
  const status = $("status");
  status.replaceChildren();
  status.closest(".card").classList.toggle("over", position.is_over);
  if (position.is_over) {
    const line = position.winner
      ? [stoneIcon(position.winner), `${COLOURS[position.winner]} wins`]
      : ["Over: no winner"];
    const how = [];
    if (position.ending) how.push(position.ending);
    if (position.scores) {
      how.push(`${number(position.scores.black)} – ${number(position.scores.white)}`);
    }
    status.append(el("strong", { class: "winner" }, ...line));
    if (how.length) status.append(el("span", { class: "how" }, ` (${how.join(", ")})`));
    return;
  }
  const seat = seatOf(position.to_move, position.swapped);
  const player = ui.players[seat];
  const who = player.bot === "human" ? "" : ` (${BOT_TITLES[player.bot] || title(player.bot)})`;
  const thinking = ui.thinking && latest() ? " is thinking…" : " to move";
  status.append(stoneIcon(position.to_move), el("strong", {}, COLOURS[position.to_move]), `${who}${thinking}`);
  const last = position.last_move;
  if (last) status.append(el("span", { class: "how" }, ` · last: ${last}`));
}

function renderSpecials(position, info) {
  const box = $("specials");
  box.replaceChildren();
  const legal = new Set(position.legal_moves);
  for (const special of info.specials) {
    box.append(
      el(
        "button",
        {
          type: "button",
          class: "special",
          "data-move": special,
          disabled: !legal.has(special) || !latest() || !humanToMove(position),
          title: legal.has(special) ? `Play ${special}` : `${special} is not legal now`,
          onclick: () => play(special),
        },
        title(special),
      ),
    );
  }
  const seat = seatOf(position.to_move, position.swapped);
  const botTurn = !position.is_over && latest() && ui.players[seat].bot !== "human";
  $("bot-now").hidden = !botTurn || ui.thinking || ui.autoplay;
}

function renderScore(position) {
  const card = $("score-card");
  card.hidden = !position.score;
  if (!position.score) return;
  const table = $("score");
  table.replaceChildren(
    el(
      "thead",
      {},
      el(
        "tr",
        {},
        el("th", { scope: "col" }, el("span", { class: "visually-hidden" }, "part")),
        el("th", { scope: "col" }, stoneIcon("black"), "Black"),
        el("th", { scope: "col" }, stoneIcon("white"), "White"),
      ),
    ),
    el(
      "tbody",
      {},
      position.score.map((row) =>
        el(
          "tr",
          { class: row.part === "total" ? "total" : null },
          el("th", { scope: "row" }, row.part.replaceAll("_", " ")),
          el("td", {}, number(row.black)),
          el("td", {}, number(row.white)),
        ),
      ),
    ),
  );
}

function renderMoves(position) {
  const list = $("moves");
  list.replaceChildren(
    el(
      "li",
      {},
      el(
        "button",
        {
          type: "button",
          class: position.ply === 0 ? "move current" : "move",
          "data-ply": 0,
          onclick: () => viewPly(0),
        },
        "start",
      ),
    ),
    ...position.moves.map((move, k) =>
      el(
        "li",
        {},
        el(
          "button",
          {
            type: "button",
            class: position.ply === k + 1 ? "move current" : "move",
            "data-ply": k + 1,
            "aria-current": position.ply === k + 1 ? "step" : null,
            "aria-label": `move ${k + 1}, ${position.movers[k]} ${move}`,
            onclick: () => viewPly(k + 1),
          },
          el("span", { class: "n" }, k + 1),
          stoneIcon(position.movers[k]),
          move,
        ),
      ),
    ),
  );
  // Scroll the list, not the page, to the move shown.
  const current = list.querySelector(".current");
  if (current) {
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top + current.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  }
}

function renderPlayers(position) {
  const box = $("players");
  if (box.contains(document.activeElement)) {
    // Keep the form under the person's hands; only the colours change.
    box.querySelectorAll("[data-seat-colour]").forEach((node) => {
      const colour = colourOf(Number(node.dataset.seatColour), position.swapped);
      node.replaceChildren(stoneIcon(colour), COLOURS[colour]);
    });
    return;
  }
  box.replaceChildren();
  ui.players.forEach((player, seat) => {
    const colour = colourOf(seat, position.swapped);
    const id = `player-${seat}`;
    const choose = el(
      "select",
      {
        id,
        onchange: (event) => {
          player.bot = event.target.value;
          ui.autoplay = true;
          renderPlayers(ui.position);
          render(ui.position);
          maybeBot();
        },
      },
      el("option", { value: "human" }, "Human"),
      ui.catalogue.bots.map((bot) =>
        el("option", { value: bot.name, title: bot.doc }, BOT_TITLES[bot.name] || title(bot.name)),
      ),
    );
    choose.value = player.bot;
    const kind = ui.catalogue.bots.find((b) => b.name === player.bot);
    const row = el(
      "div",
      { class: "player" },
      el(
        "label",
        { for: id, class: "seat" },
        el("span", { "data-seat-colour": seat, class: "seat-colour" }, stoneIcon(colour), COLOURS[colour]),
        el("span", { class: "seat-name" }, seat === 0 ? "first player" : "second player"),
      ),
      choose,
    );
    if (kind && kind.searches) {
      const limits = ui.catalogue.limits;
      const amount = el("input", {
        type: "number",
        id: `${id}-amount`,
        "aria-label": `${COLOURS[colour]}'s strength`,
        min: player.budget === "seconds" ? "0.1" : "1",
        max: player.budget === "seconds" ? limits.seconds : limits.iterations,
        step: player.budget === "seconds" ? "0.1" : "100",
        value: player.amount,
        onchange: (event) => {
          player.amount = Number(event.target.value);
        },
      });
      const unit = el(
        "select",
        {
          "aria-label": `${COLOURS[colour]}'s strength in`,
          onchange: (event) => {
            player.budget = event.target.value;
            player.amount = player.budget === "seconds" ? 1 : 1000;
            renderPlayers(ui.position);
          },
        },
        el("option", { value: "iterations" }, "iterations"),
        el("option", { value: "seconds" }, "seconds"),
      );
      unit.value = player.budget;
      row.append(el("span", { class: "strength" }, amount, unit));
    }
    box.append(row);
  });
}

function renderOverlayChoices(info) {
  const box = $("overlays");
  box.replaceChildren();
  const names = ["", ...info.overlays, "analyse"];
  for (const name of names) {
    const id = `overlay-${name || "none"}`;
    const input = el("input", {
      type: "radio",
      name: "overlay",
      id,
      value: name,
      checked: ui.overlay === name,
      onchange: () => {
        ui.overlay = name;
        ui.at = null;
        $("inspect").checked = false;
        refresh();
      },
    });
    box.append(input, el("label", { for: id }, name === "" ? "none" : name));
  }
}

function renderOverlayState(position) {
  const group = ui.overlay && ui.overlay !== "analyse";
  $("inspect-label").hidden = !group;
  $("analyse-label").hidden = ui.overlay !== "analyse";
  $("overlay-caption").textContent = position.overlay ? position.overlay.caption : "";
}

// ---------------------------------------------------------------- acting

async function change(path, body) {
  showProblem("problem", null);
  try {
    const position = await api("POST", `/games/${ui.gameId}${path}`, {
      ...body,
      version: ui.position.version,
    });
    ui.view = null;
    if (ui.overlay !== "analyse") ui.at = null;
    await refreshWith(position);
    return true;
  } catch (error) {
    if (error.status === 409 && error.problem.error === "changed") await refresh();
    else showProblem("problem", error);
    return false;
  }
}

// Shows an answer that already holds the position, unless an overlay needs
// another look.
async function refreshWith(position) {
  if (ui.overlay) return refresh();
  ++ui.request;
  render(position);
  maybeBot();
}

async function play(move) {
  if (!latest()) {
    ui.view = null;
    await refresh();
  }
  if (!humanToMove(ui.position) && !ui.position.is_over) {
    showProblem("problem", { problem: { message: "It is a bot's turn: wait for its move." } });
    return;
  }
  return change("/moves", { move });
}

async function undo() {
  if (!ui.position || ui.position.moves.length === 0) return;
  ui.view = null;
  const anyHuman = ui.players.some((p) => p.bot === "human");
  ui.autoplay = anyHuman;
  // Take back the bots' replies too, so that a person is to move again.
  let taken = 0;
  while (await change("/undo", { count: 1 })) {
    taken += 1;
    const position = ui.position;
    if (!anyHuman || position.moves.length === 0 || humanToMove(position)) break;
  }
  if (taken) render(ui.position);
}

function maybeBot() {
  const position = ui.position;
  if (!position || position.is_over || !latest() || ui.thinking) return;
  const seat = seatOf(position.to_move, position.swapped);
  if (ui.players[seat].bot === "human") return;
  if (!ui.autoplay) {
    $("bot-now").hidden = false;
    return;
  }
  botMove(seat);
}

async function botMove(seat) {
  const player = ui.players[seat];
  const body = { bot: player.bot, version: ui.position.version };
  if (player.bot !== "random") body[player.budget] = player.amount;
  ui.thinking = true;
  renderStatus(ui.position);
  $("bot-now").hidden = true;
  try {
    const position = await api("POST", `/games/${ui.gameId}/bot-move`, body);
    ui.thinking = false;
    showProblem("problem", null);
    // Bots against each other: a breath between moves, to watch them.
    const both = ui.players.every((p) => p.bot !== "human");
    if (both) await new Promise((done) => setTimeout(done, 250));
    ui.view = null;
    await refreshWith(position);
  } catch (error) {
    ui.thinking = false;
    ui.autoplay = false;
    if (error.status === 409 && error.problem.error === "changed") {
      ui.autoplay = true;
      return refresh();
    }
    showProblem("problem", error);
    render(ui.position);
  }
}

async function viewPly(ply) {
  const length = ui.position.moves.length;
  ui.view = ply >= length ? null : Math.max(0, ply);
  ui.at = null;
  await refresh();
}

function onBoardClick(event) {
  const target = event.target.closest(".target");
  if (!target) return;
  const point = target.dataset.point;
  if ($("inspect").checked && ui.overlay && ui.overlay !== "analyse") {
    ui.at = point;
    refresh();
    return;
  }
  if (!latest()) {
    showProblem("problem", {
      problem: { message: "This is an earlier position: go back to the game to play." },
    });
    return;
  }
  play(point);
}

function onBoardHover(event) {
  const board = $("board");
  const ghost = board.querySelector(".ghost");
  if (!ghost) return;
  const target = event.target.closest && event.target.closest(".target.legal");
  if (!target || !board.classList.contains("playable")) {
    ghost.setAttribute("r", "0");
    return;
  }
  const box = target.getBBox();
  ghost.setAttribute("cx", box.x + box.width / 2);
  ghost.setAttribute("cy", box.y + box.height / 2);
  // Cells are one unit wide, and stones 0.44 in radius.
  ghost.setAttribute("r", 0.44 * box.width);
}

// ---------------------------------------------------------------- dialogs

function openNewGame() {
  const dialog = $("new-dialog");
  const select = $("new-game-name");
  select.replaceChildren(
    ...ui.catalogue.games.map((g) =>
      el("option", { value: g.name }, `${title(g.name)} — ${GAME_NOTES[g.name] || ""}`),
    ),
  );
  select.value = ui.position ? ui.position.game : "sunder";
  renderOptionFields();
  showProblem("new-problem", null);
  dialog.showModal();
}

function renderOptionFields() {
  const info = gameInfo($("new-game-name").value);
  const current = ui.position && ui.position.game === info.name ? ui.position.options : {};
  const box = $("new-options");
  box.replaceChildren();
  for (const option of info.options) {
    const id = `option-${option.name}`;
    const value = option.name in current ? current[option.name] : option.default;
    let input;
    if (option.kind === "flag") {
      input = el("input", { type: "checkbox", id, name: option.name, checked: value === true });
      box.append(
        el("label", { class: "field check", for: id }, input, ` ${option.name}`,
          el("small", {}, option.doc)),
      );
      continue;
    }
    input = el("input", {
      type: "number",
      id,
      name: option.name,
      value,
      min: option.min,
      max: option.max,
      step: option.kind === "halves" ? "0.5" : option.name === "size" && info.name === "anadil" ? "2" : "1",
      required: true,
    });
    box.append(
      el("label", { class: "field", for: id }, `${option.name} `, el("small", {}, option.doc)),
      input,
    );
  }
}

async function submitNewGame(event) {
  event.preventDefault();
  const info = gameInfo($("new-game-name").value);
  const options = {};
  for (const option of info.options) {
    const input = $(`option-${option.name}`);
    options[option.name] = option.kind === "flag" ? input.checked : Number(input.value);
  }
  try {
    await startGame(info.name, options);
    $("new-dialog").close();
  } catch (error) {
    showProblem("new-problem", error);
  }
}

async function submitRecord(event) {
  event.preventDefault();
  try {
    const position = await api("POST", "/records", { record: $("load-text").value });
    $("load-dialog").close();
    showProblem("problem", null);
    await adopt(position);
  } catch (error) {
    showProblem("load-problem", error);
  }
}

function readFile() {
  const file = $("load-file").files[0];
  if (!file) return;
  const reader = new FileReader();
  reader.onload = () => {
    $("load-text").value = reader.result;
  };
  reader.readAsText(file);
}

// ---------------------------------------------------------------- start

function keys(event) {
  if (event.target.closest("input, textarea, select, dialog")) return;
  if (!ui.position) return;
  const ply = ui.view === null ? ui.position.moves.length : ui.view;
  if (event.key === "ArrowLeft") viewPly(ply - 1);
  else if (event.key === "ArrowRight") viewPly(ply + 1);
  else if (event.key === "u") undo();
  else return;
  event.preventDefault();
}

async function main() {
  ui.catalogue = await api("GET", "/catalogue");
  $("board").addEventListener("click", onBoardClick);
  $("board").addEventListener("pointermove", onBoardHover);
  $("board").addEventListener("pointerleave", onBoardHover);
  $("undo").addEventListener("click", undo);
  $("bot-now").addEventListener("click", () => {
    ui.autoplay = true;
    maybeBot();
  });
  $("new-game").addEventListener("click", openNewGame);
  $("new-game-name").addEventListener("change", renderOptionFields);
  $("new-form").addEventListener("submit", submitNewGame);
  $("new-cancel").addEventListener("click", () => $("new-dialog").close());
  $("open-load").addEventListener("click", () => {
    showProblem("load-problem", null);
    $("load-dialog").showModal();
  });
  $("load-form").addEventListener("submit", submitRecord);
  $("load-cancel").addEventListener("click", () => $("load-dialog").close());
  $("load-file").addEventListener("change", readFile);
  $("back-to-game").addEventListener("click", () => viewPly(Infinity));
  $("first").addEventListener("click", () => viewPly(0));
  $("previous").addEventListener("click", () => viewPly((ui.view ?? ui.position.moves.length) - 1));
  $("next").addEventListener("click", () => viewPly((ui.view ?? ui.position.moves.length) + 1));
  $("last").addEventListener("click", () => viewPly(Infinity));
  $("inspect").addEventListener("change", () => {
    if (!$("inspect").checked) {
      ui.at = null;
      refresh();
    }
  });
  $("analyse-iterations").addEventListener("change", () => refresh());
  $("type-move").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("move-text").value.trim();
    if (text) play(text).then(() => ($("move-text").value = ""));
  });
  document.addEventListener("keydown", keys);

  const resume = location.hash.match(/game=([\w-]+)/);
  if (resume) {
    ui.gameId = resume[1];
    try {
      const position = await api("GET", `/games/${ui.gameId}`);
      return adopt(position);
    } catch {
      ui.gameId = null;
    }
  }
  return startDefault();
}

main().catch((error) => showProblem("problem", error));
