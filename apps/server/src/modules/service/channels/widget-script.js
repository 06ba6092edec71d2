// The Nusa web chat widget (issue 12). Served by GET /api/v1/service/widget/{tenant}/{client}.js with its set-up
// appended as the argument of the function below; a client's site embeds it with one <script src> tag. Plain ES2017,
// no build: it runs on any site as it is. Everything is drawn in a shadow root so the site's styles do not reach it.
// eslint-disable-next-line @typescript-eslint/no-unused-expressions -- the server appends the call's argument
(function (config) {
  'use strict';
  var registry = (window.__nusaWidgets = window.__nusaWidgets || {});
  if (registry[config.key]) return;
  registry[config.key] = true;

  var pageLang = (document.documentElement.lang || navigator.language || 'id').toLowerCase();
  var lang = pageLang.indexOf('en') === 0 ? 'en' : 'id';
  var t = config.texts[lang];
  var script = document.currentScript;
  var socketUrl = new URL(config.socketPath, script && script.src ? script.src : location.href);
  socketUrl.protocol = socketUrl.protocol === 'https:' ? 'wss:' : 'ws:';

  var storeKey = 'nusa-widget-visitor:' + config.key;
  var visitor = null;
  try {
    visitor = localStorage.getItem(storeKey);
  } catch {
    /* storage blocked: a visitor per page load */
  }
  if (!visitor || !/^[A-Za-z0-9-]{8,64}$/.test(visitor)) {
    visitor = window.crypto && crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + '-' + Math.random().toString(36).slice(2, 12);
    try {
      localStorage.setItem(storeKey, visitor);
    } catch {
      /* see above */
    }
  }
  socketUrl.searchParams.set('visitor', visitor);
  socketUrl.searchParams.set('lang', lang);

  var side = config.position === 'left' ? 'left' : 'right';
  var host = document.createElement('div');
  host.setAttribute('data-nusa-widget', config.key);
  var root = host.attachShadow({ mode: 'open' });
  root.innerHTML =
    '<style>' +
    ':host{all:initial}' +
    '*{box-sizing:border-box;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}' +
    '.bubble{position:fixed;bottom:20px;' +
    side +
    ':20px;width:56px;height:56px;border-radius:50%;border:0;cursor:pointer;' +
    'background:' +
    config.primaryColor +
    ';color:' +
    config.textColor +
    ';box-shadow:0 4px 14px rgba(0,0,0,.25);z-index:2147483000;display:flex;align-items:center;justify-content:center}' +
    '.bubble svg{width:28px;height:28px;fill:currentColor}' +
    '.panel{position:fixed;bottom:88px;' +
    side +
    ':20px;width:360px;max-width:calc(100vw - 24px);height:480px;max-height:calc(100vh - 110px);background:#fff;' +
    'border-radius:12px;box-shadow:0 8px 30px rgba(0,0,0,.25);display:none;flex-direction:column;overflow:hidden;z-index:2147483000}' +
    '.panel.open{display:flex}' +
    '.head{background:' +
    config.primaryColor +
    ';color:' +
    config.textColor +
    ';padding:12px 14px;font-size:15px;font-weight:600;display:flex;justify-content:space-between;align-items:center}' +
    '.head button{background:none;border:0;color:inherit;font-size:20px;cursor:pointer;line-height:1}' +
    '.log{flex:1;overflow-y:auto;padding:12px;background:#f6f7f9;display:flex;flex-direction:column;gap:8px}' +
    '.msg{max-width:80%;padding:8px 11px;border-radius:10px;font-size:14px;line-height:1.4;white-space:pre-wrap;word-wrap:break-word;color:#1f2328}' +
    '.msg.customer{align-self:flex-end;background:' +
    config.primaryColor +
    ';color:' +
    config.textColor +
    '}' +
    '.msg.bot,.msg.agent{align-self:flex-start;background:#fff;border:1px solid #e3e5e8}' +
    '.msg.agent{border-color:' +
    config.primaryColor +
    '}' +
    '.msg.system{align-self:center;background:none;color:#6b7280;font-size:12px}' +
    '.who{display:block;font-size:11px;color:#6b7280;margin-bottom:2px}' +
    'form{display:flex;border-top:1px solid #e3e5e8;padding:8px;gap:8px;background:#fff}' +
    'input{flex:1;border:1px solid #d0d4d9;border-radius:8px;padding:8px 10px;font-size:14px;outline:none}' +
    'input:focus{border-color:' +
    config.primaryColor +
    '}' +
    'form button{background:' +
    config.primaryColor +
    ';color:' +
    config.textColor +
    ';border:0;border-radius:8px;padding:0 14px;font-size:14px;cursor:pointer}' +
    '.note{font-size:12px;color:#b42318;padding:0 12px 6px;background:#fff;min-height:0}' +
    '.msg.customer.refused{opacity:.5}' +
    '</style>' +
    '<div class="panel" part="panel" role="dialog">' +
    '<div class="head"><span class="title"></span><button type="button" class="close"></button></div>' +
    '<div class="log" role="log" aria-live="polite"></div>' +
    '<div class="note" role="status"></div>' +
    '<form><input name="text" autocomplete="off" maxlength="2000"><button type="submit"></button></form>' +
    '</div>' +
    '<button type="button" class="bubble" part="bubble"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z"/></svg></button>';

  var panel = root.querySelector('.panel');
  var log = root.querySelector('.log');
  var note = root.querySelector('.note');
  var form = root.querySelector('form');
  var input = root.querySelector('input');
  var bubble = root.querySelector('.bubble');
  root.querySelector('.title').textContent = t.title;
  root.querySelector('.close').textContent = '\u00d7';
  root.querySelector('.close').setAttribute('aria-label', t.close);
  form.querySelector('button').textContent = t.send;
  input.placeholder = t.placeholder;
  bubble.setAttribute('aria-label', t.open);

  var seen = {};
  function add(sender, text, id, agentName) {
    if (id) {
      if (seen[id]) return;
      seen[id] = true;
    }
    var div = document.createElement('div');
    div.className = 'msg ' + sender;
    div.setAttribute('data-sender', sender);
    if (sender === 'agent') {
      var who = document.createElement('span');
      who.className = 'who';
      who.textContent = agentName || t.agent;
      div.appendChild(who);
    }
    div.appendChild(document.createTextNode(text));
    log.appendChild(div);
    log.scrollTop = log.scrollHeight;
    return div;
  }

  var sent = {};
  var sentCount = 0;

  var socket = null;
  var queue = [];
  var retry = 0;
  var greeted = false;
  function connect() {
    socket = new WebSocket(socketUrl.toString());
    socket.onopen = function () {
      retry = 0;
      note.textContent = '';
      while (queue.length) socket.send(queue.shift());
    };
    socket.onmessage = function (event) {
      var data;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      if (data.type === 'hello') {
        // The server's record replaces what is drawn (a reconnect would otherwise repeat the visitor's own lines).
        if (greeted) {
          log.textContent = '';
          seen = {};
        }
        greeted = true;
        if (config.greeting) add('bot', config.greeting);
        (data.messages || []).forEach(function (m) {
          add(m.sender, m.text, m.id, m.agentName);
        });
      } else if (data.type === 'message') {
        add(data.sender, data.text, data.id, data.agentName);
      } else if (data.type === 'error') {
        var args = data.args || [];
        // A refused message was not kept: it is drawn faded, and its text goes back into an empty input to send again.
        var refused = data.ref && sent[data.ref];
        if (refused) {
          refused.el.classList.add('refused');
          if (!input.value) input.value = refused.text;
          delete sent[data.ref];
        }
        note.textContent = (t.errors[data.code] || t.errors.failed).replace(/\{\{(\d+)\}\}/g, function (all, i) {
          return args[i] === undefined ? all : String(args[i]);
        });
      }
    };
    socket.onclose = function (event) {
      socket = null;
      if (event.code === 4404) {
        note.textContent = t.errors.unavailable;
        return;
      }
      retry = Math.min(retry + 1, 6);
      setTimeout(connect, 500 * Math.pow(2, retry));
    };
  }

  bubble.addEventListener('click', function () {
    panel.classList.toggle('open');
    if (panel.classList.contains('open')) {
      if (!socket) connect();
      input.focus();
    }
  });
  root.querySelector('.close').addEventListener('click', function () {
    panel.classList.remove('open');
  });
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var text = input.value.trim();
    if (!text) return;
    input.value = '';
    var ref = 'm' + ++sentCount;
    sent[ref] = { el: add('customer', text), text: text };
    var frame = JSON.stringify({ type: 'message', text: text, ref: ref });
    if (socket && socket.readyState === 1) socket.send(frame);
    else {
      queue.push(frame);
      if (!socket) connect();
    }
  });

  if (document.body) document.body.appendChild(host);
  else
    document.addEventListener('DOMContentLoaded', function () {
      document.body.appendChild(host);
    });
});
