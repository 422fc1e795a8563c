// Where the pages get their answers: `yahtzee serve`'s JSON API when the page is served by
// it, or the engine compiled to WebAssembly, running in a Web Worker (worker.js), when the
// page is plain static files. Either way the pages call YahtzeeClient.api(url, body,
// isCurrent) with the API's paths (/api/rules, /api/card?rules=R, /api/advise — any game
// by its "game" field —, /api/painted/advise) and get the API's answers, or an Error with
// its one-line message.
'use strict';

(() => {
  class Stale extends Error {}

  // The pages' status line (#status: #status-text and a #status-progress bar, shown while
  // the engine solves a table in the page).
  function showStatus(msg, fraction) {
    const box = document.getElementById('status');
    if (!box) return;
    document.getElementById('status-text').textContent = msg || '';
    const bar = document.getElementById('status-progress');
    bar.hidden = fraction === null || fraction === undefined;
    if (!bar.hidden) bar.value = fraction;
    box.hidden = !msg;
  }
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

  const client = {
    Stale,
    mode: null,             // 'server' or 'static', once known
    onStatus: showStatus,   // (text or '', fraction or null): what the engine is doing
    ready: null,            // resolves to the mode
  };
  // What the engine did, for tests and measurements (static mode).
  const stats = window.yahtzeeEngineStats = {
    mode: null, solves: 0, loadedFromCache: 0, lastSolveMs: null, lastLoadMs: null,
    lastAdviseMs: null, engineReadyMs: null, detectMs: null,
  };

  // Where the API is when it is not at the server's root (see detect); null: as given.
  let apiBase = null;

  // `yahtzee serve` marks the pages it serves (<meta name="yahtzee-serve">): no question
  // asked. Otherwise a server may still answer next to the page (the static files behind a
  // proxy that sends api/ to `yahtzee serve`): GET api/health, {"status": "ok"} within two
  // seconds means a server. A static copy answers {"status": "static"} from a file
  // (scripts/build_web.sh writes it, so the probe never shows a 404 in the console), or
  // nothing at all offline, and answers with the engine in the page.
  async function detect() {
    if (document.querySelector('meta[name="yahtzee-serve"]')) return 'server';
    if (location.protocol === 'file:') return 'static';
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), 2000);
    try {
      const res = await fetch('api/health', { signal: stop.signal, cache: 'no-store' });
      const data = res.ok ? await res.json() : null;
      if (data && data.status === 'ok') {
        apiBase = new URL('./', location.href);
        return 'server';
      }
    } catch (e) {
      // offline, refused, not JSON: no server here
    } finally {
      clearTimeout(timer);
    }
    return 'static';
  }

  const detecting = performance.now();
  client.ready = detect().then((mode) => {
    stats.detectMs = performance.now() - detecting;
    client.mode = stats.mode = mode;
    document.documentElement.dataset.engine = mode;
    if (mode === 'static') {
      startWorker();
      if ('serviceWorker' in navigator && location.protocol !== 'file:') {
        navigator.serviceWorker.register('sw.js').catch((e) => console.warn('no offline copy: ' + e.message));
      }
    }
    return mode;
  });

  // ------------------------------------------------------------ the server

  async function serverApi(path, body, isCurrent) {
    const url = apiBase ? new URL(path.replace(/^\//, ''), apiBase).href : path;
    let busyTries = 0;
    for (;;) {
      let res;
      try {
        res = await fetch(url, body === undefined ? {} : {
          method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
        });
      } catch (e) {
        throw new Error('cannot reach the server (' + e.message + ')');
      }
      let data = null;
      try { data = await res.json(); } catch (e) { /* not JSON */ }
      if (isCurrent && !isCurrent()) throw new Stale();
      if (res.ok) { client.onStatus('', null); return data; }
      if (res.status === 503 && data && data.status === 'building') {
        client.onStatus('building the table… ' + (data.error || ''), null);
        await sleep(2000);
        if (isCurrent && !isCurrent()) throw new Stale();
        continue;
      }
      // Busy for now (the build queue, the memory in use, this client's share): the
      // server says when to come back; a refusal for good (403, 507) is an error.
      const retry = Number(res.headers.get('Retry-After'));
      if ((res.status === 503 || res.status === 429) && retry > 0 && busyTries < 30) {
        busyTries += 1;
        client.onStatus('the server is busy; asking again in ' + retry + ' s… ' + (data && data.error ? data.error : ''), null);
        await sleep(1000 * Math.min(retry, 10));
        if (isCurrent && !isCurrent()) throw new Stale();
        continue;
      }
      client.onStatus('', null);
      throw new Error(data && data.error ? data.error : 'HTTP ' + res.status + ' ' + res.statusText);
    }
  }

  // ------------------------------------------------------------ the worker

  let worker = null;
  let nextId = 1;
  const pending = new Map();

  function startWorker() {
    const started = performance.now();
    worker = new Worker('worker.js', { type: 'module' });
    worker.onmessage = (ev) => {
      const m = ev.data;
      if (m.progress) {
        const pct = Math.floor(100 * m.progress.done / m.progress.total);
        const what = /^[A-Z]/.test(m.progress.rules) ? m.progress.rules + "'s table" : 'the table for ' + m.progress.rules;
        const doing = m.progress.what === 'companion'
          ? 'Building where the scores come from (' + m.progress.rules + ', once)… '
          : 'Solving ' + what + '… ';
        client.onStatus(doing + pct + '%', m.progress.done / m.progress.total);
        return;
      }
      if (m.stats) Object.assign(stats, m.stats);
      if (m.ready) { stats.engineReadyMs = performance.now() - started; return; }
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (m.error !== undefined) p.reject(new Error(m.error)); else p.resolve(m.value);
    };
    worker.onerror = (ev) => {
      const e = new Error('the engine stopped: ' + (ev.message || 'cannot start it'));
      for (const p of pending.values()) p.reject(e);
      pending.clear();
    };
  }

  function ask(op, arg) {
    return new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, op, arg });
    });
  }

  async function staticApi(url, body, isCurrent) {
    const u = new URL(url, location.href);
    const path = u.pathname.replace(/.*\/api\//, '/api/');
    let answer;
    try {
      if (path === '/api/rules') answer = await ask('rules');
      else if (path === '/api/card') answer = await ask('card', u.searchParams.get('rules') || 'forced');
      else if (path === '/api/advise') answer = await ask('advise', body || {});
      else if (path === '/api/painted/advise') answer = await ask('advise', { game: 'painted', ...(body || {}) });
      else if (path === '/api/health') answer = { status: 'ok' };
      else throw new Error(path + ' needs yahtzee serve');
    } finally {
      client.onStatus('', null);
    }
    if (isCurrent && !isCurrent()) throw new Stale();
    return answer;
  }

  // The pages' one door: GET (no body) or POST JSON to an API path.
  client.api = async (url, body, isCurrent) => {
    const mode = await client.ready;
    return mode === 'server' ? serverApi(url, body, isCurrent) : staticApi(url, body, isCurrent);
  };

  window.YahtzeeClient = client;
})();
