// The sandbox page: one tab is one member of the local Discord. It draws what the server sends
// (only what this member may see) and sends what a Discord client sends. No build step.
"use strict";

const state = {
  socket: null, me: null, bot: null, guild: null, channels: [], channel: null, dm: null,
  commands: [], messages: new Map(), names: {}, locale: "en-US", locales: [], refs: new Map(), nextRef: 1,
  suggestion: -1,
};
const $ = (id) => document.getElementById(id);
const BUTTON_STYLES = { 1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link", 6: "primary" };
const SUB_COMMAND = 1, SUB_COMMAND_GROUP = 2;
const TYPE_NAMES = { 3: "text", 4: "integer", 5: "true/false", 6: "user", 7: "channel", 8: "role", 9: "mentionable", 10: "number", 11: "file" };

// --- the connection ------------------------------------------------------------------------------

function connect(name, locale) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws`);
  state.socket = socket;
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ op: "hello", name, locale, token: sessionStorage.getItem("jantaku-token") }));
  });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    if (state.me) { showNotice("Disconnected from the sandbox. Reload the page to reconnect."); }
  });
}

function send(op) {
  const ref = state.nextRef++;
  state.socket.send(JSON.stringify({ ...op, ref }));
  return ref;
}

function receive(data) {
  switch (data.op) {
    case "welcome": return welcome(data);
    case "hello_refused":
      $("join").hidden = false;
      $("join-error").textContent = data.text;
      sessionStorage.removeItem("jantaku-token");
      return;
    case "message": return upsert(data.message);
    case "delete": return remove(data.id);
    case "locale":
      state.locale = data.locale; state.commands = data.commands; $("locale").value = data.locale;
      return;
    case "error": settle(data.ref); return showNotice(data.text);
    case "done": return settle(data.ref);
    default: return undefined;
  }
}

function welcome(data) {
  sessionStorage.setItem("jantaku-token", data.token);
  sessionStorage.setItem("jantaku-name", data.me.name);
  Object.assign(state, {
    me: data.me, bot: data.bot, guild: data.guild, channels: data.channels, dm: data.dm,
    commands: data.commands, locale: data.me.locale, locales: data.locales,
  });
  state.channel = state.channel || data.channels[0].id;
  state.messages.clear();
  $("messages").replaceChildren(intro()); $("dm-messages").replaceChildren();
  $("join").hidden = true; $("app").hidden = false;
  $("guild-name").textContent = data.guild.name;
  $("me-name").textContent = data.me.name;
  $("bot-name").textContent = data.bot.name;
  const locale = $("locale");
  locale.replaceChildren(...data.locales.map((code) => new Option(code === "ja" ? "日本語" : "English", code)));
  locale.value = data.me.locale;
  document.documentElement.lang = data.me.locale === "ja" ? "ja" : "en";
  drawChannels();
  for (const message of data.messages) { upsert(message); }
  $("command-input").focus();
}

// --- channels and messages -----------------------------------------------------------------------

function drawChannels() {
  const list = $("channels");
  list.replaceChildren(...state.channels.map((channel) => {
    const item = document.createElement("li");
    item.textContent = channel.name;
    item.dataset.channelId = channel.id;
    item.classList.toggle("active", channel.id === state.channel);
    item.addEventListener("click", () => openChannel(channel.id));
    return item;
  }));
  const current = state.channels.find((channel) => channel.id === state.channel);
  $("channel-name").textContent = current ? current.name : "";
}

function intro() {
  // What Discord shows at the top of a new channel, with the one thing to type first.
  const box = element("li", "intro");
  const ja = state.locale === "ja";
  box.append(element("h2", "", ja ? "ようこそ！" : "Welcome to the sandbox!"));
  box.append(html("p", "", ja
    ? "<code>/mahjong new</code> で卓を立て、<b>CPU追加</b> と <b>開始</b> を押してください。手牌は卓の <b>手牌</b> ボタンで自分だけに開きます。別のタブで参加すれば人間同士で打てます。"
    : "Type <code>/mahjong new</code> to open a table, then press <b>Add CPU</b> and <b>Start</b>. The table's <b>My hand</b> button opens your hand, shown only to you. Join from another tab to play against a second human."));
  return box;
}

function openChannel(id) {
  state.channel = id;
  drawChannels();
  for (const element of $("messages").children) {
    if (element.dataset.channelId) { element.hidden = element.dataset.channelId !== id; }
  }
  scrollDown($("messages"));
}

function upsert(message) {
  state.messages.set(message.id, message);
  Object.assign(state.names, message.names || {});
  const isDm = message.channel === state.dm;
  const list = isDm ? $("dm-messages") : $("messages");
  const existing = document.querySelector(`[data-message-id="${message.id}"]`);
  const element = drawMessage(message);
  if (existing) {
    existing.replaceWith(element);
  } else {
    list.append(element);
    if (!isDm && message.channel !== state.channel) {
      const item = document.querySelector(`#channels [data-channel-id="${message.channel}"]`);
      if (item) { item.classList.add("unread"); }
    }
  }
  element.hidden = !isDm && message.channel !== state.channel;
  if (stuck(list)) { scrollDown(list); }
}

// A list follows new messages (and pictures that finish loading) unless its reader scrolled up.
const unstuck = new WeakSet();
function stuck(list) { return !unstuck.has(list); }
function followScroll(list) {
  list.addEventListener("scroll", () => {
    const nearBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 120;
    if (nearBottom) { unstuck.delete(list); } else { unstuck.add(list); }
  });
}

function remove(id) {
  state.messages.delete(id);
  const element = document.querySelector(`[data-message-id="${id}"]`);
  if (element) { element.remove(); }
}

function scrollDown(list) {
  list.scrollTop = list.scrollHeight;
  unstuck.delete(list);
}

function drawMessage(message) {
  const item = document.createElement("li");
  item.className = "message";
  item.dataset.messageId = message.id;
  item.dataset.channelId = message.channel;
  if (message.ephemeral) { item.classList.add("ephemeral"); item.dataset.ephemeral = "true"; }
  if (message.used) {
    item.append(element("div", "used", `${message.used.user} used /${message.used.command}`));
  }
  const author = element("div", "author", message.author.name);
  if (message.author.bot) { author.append(element("span", "tag", "APP")); }
  const time = element("time", "", new Date(message.timestamp).toLocaleTimeString());
  author.append(time);
  item.append(author);
  if (message.loading) {
    item.append(element("div", "loading", `${message.author.name} is thinking…`));
  }
  if (message.content) {
    const content = element("div", "content");
    content.innerHTML = markdown(message.content);
    if (message.edited) { content.append(element("span", "edited", " (edited)")); }
    item.append(content);
  }
  const embedded = new Set();
  for (const embed of message.embeds) {
    item.append(drawEmbed(embed, embedded));
  }
  for (const attachment of message.attachments) {
    if (embedded.has(attachment.url)) { continue; }
    item.append(attachment.image ? picture(attachment.url, attachment.alt || attachment.filename) : download(attachment));
  }
  if (message.components.length) { item.append(drawComponents(message)); }
  if (message.ephemeral) { item.append(element("div", "footnote", "Only you can see this")); }
  return item;
}

function drawEmbed(embed, embedded) {
  const box = element("div", "embed");
  if (embed.color !== undefined && embed.color !== null) {
    box.style.borderLeftColor = `#${embed.color.toString(16).padStart(6, "0")}`;
  }
  if (embed.author && embed.author.name) { box.append(element("div", "embed-author", embed.author.name)); }
  if (embed.title) { box.append(html("div", "title", markdown(embed.title))); }
  if (embed.description) { box.append(html("div", "content", markdown(embed.description))); }
  if (embed.fields && embed.fields.length) {
    const fields = element("div", "fields");
    for (const field of embed.fields) {
      const cell = element("div", field.inline ? "field inline" : "field");
      cell.append(html("div", "name", markdown(field.name)), html("div", "content", markdown(field.value)));
      fields.append(cell);
    }
    box.append(fields);
  }
  for (const key of ["image", "thumbnail"]) {
    if (embed[key] && embed[key].url) {
      embedded.add(embed[key].url);
      box.append(picture(embed[key].url, key));
    }
  }
  if (embed.footer && embed.footer.text) { box.append(element("div", "footer", embed.footer.text)); }
  return box;
}

function picture(url, alt) {
  const image = document.createElement("img");
  image.className = "picture";
  image.src = url;
  image.alt = alt;
  image.addEventListener("load", () => {
    const list = image.closest("ol");
    if (list && stuck(list)) { scrollDown(list); }
  });
  return image;
}

// A file that is not a picture (a replay's game-N.json): a link that saves it, with its size.
function download(attachment) {
  const link = element("a", "download", attachment.filename);
  link.href = attachment.url;
  link.download = attachment.filename;
  const size = attachment.size < 1024 ? `${attachment.size} B` : `${(attachment.size / 1024).toFixed(1)} KB`;
  link.append(element("span", "muted", ` (${size})`));
  return link;
}

function drawComponents(message) {
  const box = element("div", "components");
  for (const row of message.components) {
    const line = element("div", "row");
    for (const component of row.components || []) {
      if (component.type === 2) { line.append(drawButton(message, component)); }
      if (component.type === 3) { line.append(drawSelect(message, component)); }
    }
    box.append(line);
  }
  return box;
}

function drawButton(message, component) {
  const button = element("button", `button ${BUTTON_STYLES[component.style] || "secondary"}`);
  const emoji = component.emoji || {};
  if (emoji.id) {
    // A custom emoji (a tile): its picture, as Discord's client shows it, from the CDN route.
    const picture = element("img", "emoji");
    picture.src = `/emojis/${emoji.id}.png`;
    picture.alt = `:${emoji.name}:`;
    button.append(picture);
    if (component.label) { button.append(document.createTextNode(component.label)); }
  } else {
    button.textContent = [emoji.name || "", component.label || ""].filter(Boolean).join(" ");
  }
  button.disabled = Boolean(component.disabled);
  if (component.style === 5) {
    button.addEventListener("click", () => window.open(component.url, "_blank", "noopener"));
    return button;
  }
  button.dataset.customId = component.custom_id;
  button.addEventListener("click", () => {
    if (button.classList.contains("pending")) { return; }
    button.classList.add("pending");
    const ref = send({ op: "click", message: message.id, custom_id: component.custom_id });
    state.refs.set(ref, button);
  });
  return button;
}

function drawSelect(message, component) {
  const select = element("select", "select");
  select.dataset.customId = component.custom_id;
  select.disabled = Boolean(component.disabled);
  const placeholder = new Option(component.placeholder || "Make a selection", "", true, true);
  placeholder.disabled = true;
  select.append(placeholder);
  for (const option of component.options || []) {
    select.append(new Option(option.label, option.value, false, false));
  }
  select.addEventListener("change", () => {
    const ref = send({ op: "select", message: message.id, custom_id: component.custom_id, values: [select.value] });
    state.refs.set(ref, select);
  });
  return select;
}

function settle(ref) {
  const control = state.refs.get(ref);
  if (control) { control.classList.remove("pending"); state.refs.delete(ref); }
}

// --- Discord markdown, the subset the bot writes --------------------------------------------------

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function markdown(text) {
  const codes = [];
  let out = escapeHtml(text).replace(/`([^`]+)`/g, (_, code) => { codes.push(code); return `\u0000${codes.length - 1}\u0000`; });
  out = out
    .replace(/&lt;t:(-?\d+)(?::([tTdDfFR]))?&gt;/g, (_, seconds, style) => timestamp(Number(seconds), style || "f"))
    .replace(/&lt;@!?(\d+)&gt;/g, (_, id) => `<span class="mention">@${escapeHtml(state.names[id] || "someone")}</span>`)
    .replace(/&lt;#(\d+)&gt;/g, (_, id) => {
      const channel = state.channels.find((c) => c.id === id);
      return `<span class="mention">#${escapeHtml(channel ? channel.name : "channel")}</span>`;
    })
    .replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>")
    .replace(/__(.+?)__/g, "<u>$1</u>")
    .replace(/\*(.+?)\*/g, "<em>$1</em>")
    .replace(/~~(.+?)~~/g, "<s>$1</s>")
    .replace(/^-# (.*)$/gm, '<small class="muted">$1</small>')
    .replace(/^&gt; (.*)$/gm, "<blockquote>$1</blockquote>")
    .replace(/\[([^\]]+)\]\((https?:[^)\s]+)\)/g, '<a href="$2" target="_blank" rel="noopener">$1</a>');
  return out.replace(/\u0000(\d+)\u0000/g, (_, index) => `<code>${codes[Number(index)]}</code>`);
}

function timestamp(seconds, style) {
  const date = new Date(seconds * 1000);
  return `<span class="ts" data-ts="${seconds}" data-style="${style}" title="${escapeHtml(date.toLocaleString())}">${formatTime(seconds, style)}</span>`;
}

function formatTime(seconds, style) {
  const date = new Date(seconds * 1000);
  const lang = state.locale === "ja" ? "ja-JP" : "en-US";
  if (style === "R") {
    const delta = Math.round(seconds - Date.now() / 1000);
    const format = new Intl.RelativeTimeFormat(lang, { numeric: "auto" });
    const abs = Math.abs(delta);
    if (abs < 60) { return format.format(delta, "second"); }
    if (abs < 3600) { return format.format(Math.round(delta / 60), "minute"); }
    if (abs < 86400) { return format.format(Math.round(delta / 3600), "hour"); }
    return format.format(Math.round(delta / 86400), "day");
  }
  const options = {
    t: { timeStyle: "short" }, T: { timeStyle: "medium" }, d: { dateStyle: "short" }, D: { dateStyle: "long" },
    f: { dateStyle: "long", timeStyle: "short" }, F: { dateStyle: "full", timeStyle: "short" },
  }[style] || { dateStyle: "long", timeStyle: "short" };
  return new Intl.DateTimeFormat(lang, options).format(date);
}

setInterval(() => {
  for (const span of document.querySelectorAll('.ts[data-style="R"]')) {
    span.textContent = formatTime(Number(span.dataset.ts), "R");
  }
}, 1000);

// --- the command box ------------------------------------------------------------------------------

function localized(node, key) {
  const table = node[`${key}_localizations`] || {};
  return table[state.locale] || table[state.locale.split("-")[0]] || node[key];
}

function commandPaths() {
  // Every runnable command path ("mahjong new") with its options, in the tab's language.
  const paths = [];
  const walk = (node, words) => {
    const subs = (node.options || []).filter((o) => o.type === SUB_COMMAND || o.type === SUB_COMMAND_GROUP);
    if (!subs.length) { paths.push({ words, node }); return; }
    for (const sub of subs) { walk(sub, [...words, localized(sub, "name")]); }
  };
  for (const command of state.commands) {
    if ((command.type || 1) === 1) { walk(command, [localized(command, "name")]); }
  }
  return paths;
}

function suggest() {
  const input = $("command-input");
  const list = $("suggestions");
  const text = input.value;
  if (!text.startsWith("/")) { list.hidden = true; return; }
  const typed = text.slice(1).toLowerCase();
  const items = [];
  for (const path of commandPaths()) {
    const name = path.words.join(" ");
    if (name.toLowerCase().startsWith(typed.trim()) || typed.startsWith(`${name.toLowerCase()} `) || typed === name.toLowerCase()) {
      const options = (path.node.options || []).map((o) => {
        const choices = (o.choices || []).map((c) => localized(c, "name")).join(", ");
        return `${localized(o, "name")}${o.required ? "" : "?"}: ${choices || TYPE_NAMES[o.type] || "value"}`;
      });
      items.push({ name, description: localized(path.node, "description"), options });
    }
  }
  list.replaceChildren(...items.slice(0, 30).map((item, index) => {
    const row = document.createElement("li");
    row.append(element("span", "name", `/${item.name}`), element("span", "desc", item.description));
    if (item.options.length) { row.append(element("div", "desc", item.options.join("  ·  "))); }
    row.dataset.command = item.name;
    row.classList.toggle("active", index === state.suggestion);
    row.addEventListener("mousedown", (event) => { event.preventDefault(); complete(item.name); });
    return row;
  }));
  list.hidden = items.length === 0;
}

function complete(name) {
  const input = $("command-input");
  input.value = `/${name} `;
  state.suggestion = -1;
  input.focus();
  suggest();
}

function submit() {
  const input = $("command-input");
  const text = input.value.trim();
  if (!text) { return; }
  if (!text.startsWith("/")) { showNotice("Only slash commands work here: type / to see them."); return; }
  send({ op: "slash", channel: state.channel, text });
  input.value = "";
  $("suggestions").hidden = true;
  hideNotice();
}

let noticeTimer = null;
function showNotice(text) {
  const notice = $("notice");
  notice.textContent = text;
  notice.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(hideNotice, 8000);
}
function hideNotice() { $("notice").hidden = true; }

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) { node.className = className; }
  if (text !== undefined) { node.textContent = text; }
  return node;
}

function html(tag, className, inner) {
  const node = element(tag, className);
  node.innerHTML = inner;
  return node;
}

// --- start ---------------------------------------------------------------------------------------

document.addEventListener("DOMContentLoaded", () => {
  const form = $("join-form");
  const remembered = sessionStorage.getItem("jantaku-name");
  if (remembered) { $("join-name").value = remembered; }
  if (navigator.language && navigator.language.startsWith("ja")) { $("join-locale").value = "ja"; }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    $("join-error").textContent = "";
    if (state.socket) { state.socket.close(); }
    connect($("join-name").value, $("join-locale").value);
  });
  if (sessionStorage.getItem("jantaku-token")) { connect(remembered || "", $("join-locale").value); }
  followScroll($("messages"));
  followScroll($("dm-messages"));
  const input = $("command-input");
  input.addEventListener("input", () => { state.suggestion = -1; suggest(); });
  input.addEventListener("keydown", (event) => {
    const items = [...$("suggestions").children];
    if (event.key === "Enter") {
      event.preventDefault();
      if (state.suggestion >= 0 && items[state.suggestion]) { complete(items[state.suggestion].dataset.command); return; }
      submit();
    } else if (event.key === "Tab" && items.length) {
      event.preventDefault();
      complete(items[Math.max(0, state.suggestion)].dataset.command);
    } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!items.length) { return; }
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      state.suggestion = (state.suggestion + step + items.length) % items.length;
      suggest();
    } else if (event.key === "Escape") {
      $("suggestions").hidden = true;
    }
  });
  $("locale").addEventListener("change", (event) => {
    send({ op: "locale", locale: event.target.value });
    document.documentElement.lang = event.target.value === "ja" ? "ja" : "en";
  });
});
