/* ordo report --html: the page's script. It reads the JSON data block
 * (analysis/html_data.c) and draws the summary, the cross-check, the
 * task table (sort, filters, pages), the quantile and scatter plots (SVG,
 * log axes), the common-set tables and the setup. The view's state lives in
 * location.hash ("#sort=c0.cputime_s&q=lock&dis=1"), so a link shares it.
 * Plain ES2017, no libraries: the page opens from disk without a network. */
'use strict';
(function () {
    const D = JSON.parse(document.getElementById('data').textContent);
    const T = D.tasks.length;
    const COLS = D.columns;
    const VALUES = D.values;
    const LABELS = { cputime_s: 'CPU (s)', memory_mb: 'mem (MB)', walltime_s: 'wall (s)' };
    const CATS = ['correct', 'wrong', 'bounded', 'timeout', 'memout', 'unknown', 'error', 'missing'];
    const MISSING = CATS.indexOf('missing');
    const MIN_TIME_S = 0.05; /* CPU times below count as this in ratios (ordo compare's --min-time) */
    const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2',
        '#17becf', '#7f7f7f', '#bcbd22'];

    /* ---- the data, prepared once ---- */
    function category(res, status) {
        if (res === 0) return 0;                   /* correct */
        if (res === 1) return 1;                   /* wrong */
        if (res === 3) return 2;                   /* bounded */
        if (status === null) return MISSING;
        if (status === 'timeout') return 3;
        if (status === 'memout') return 4;
        if (status === 'unknown') return 5;
        return 6;                                  /* crash, error, unsupported */
    }
    const runSets = {};
    COLS.forEach(function (col) { runSets[col.run] = (runSets[col.run] || 0) + 1; });
    COLS.forEach(function (col, k) {
        col.cat = new Int8Array(T);
        col.verdict = new Int8Array(T);
        for (let t = 0; t < T; t++) {
            col.cat[t] = category(col.res[t], col.st[t]);
            col.verdict[t] = col.st[t] === 'true' ? 1 : col.st[t] === 'false' ? 0 : -1;
        }
        col.num = col.v.map(function (values) {
            const a = new Float64Array(T);
            for (let t = 0; t < T; t++) a[t] = values[t] === null ? NaN : values[t];
            return a;
        });
        col.label = runSets[col.run] > 1 ? col.run + ' @ ' + D.sets[col.set].name : col.run;
        col.base = -1; /* the same configuration in the first set, for the changes */
        if (col.set > 0)
            for (let b = 0; b < k; b++)
                if (COLS[b].set === 0 && COLS[b].run === col.run) col.base = b;
    });
    const PAIRED = COLS.some(function (col) { return col.base >= 0; });
    /* The task table's column order: a configuration's sets side by side. */
    const firstOfRun = {};
    COLS.forEach(function (col, k) { if (!(col.run in firstOfRun)) firstOfRun[col.run] = k; });
    const ORDER = COLS.map(function (col, k) { return k; }).sort(function (x, y) {
        return firstOfRun[COLS[x].run] - firstOfRun[COLS[y].run] || COLS[x].set - COLS[y].set;
    });
    const CPU = VALUES.indexOf('cputime_s');
    const cpuLimit = D.sets.reduce(function (m, s) { return s.cpuLimit ? Math.max(m, s.cpuLimit) : m; }, 0) || null;

    /* ---- state in location.hash ---- */
    const DEFAULTS = { sort: '', desc: '0', q: '', st: '', dis: '0', a: '', b: '', chg: '0', thr: '1.5',
        cols: VALUES.filter(function (v) { return v !== 'walltime_s'; }).join(','), pg: '0', ps: '100',
        sx: '0', sy: COLS.length > 1 ? '1' : '0', sv: 'cputime_s', bench: '0' };
    function readState() {
        const s = Object.assign({}, DEFAULTS);
        new URLSearchParams(location.hash.slice(1)).forEach(function (v, k) { if (k in s) s[k] = v; });
        return s;
    }
    function writeState(change) {
        const s = Object.assign(readState(), change);
        const p = new URLSearchParams();
        Object.keys(s).forEach(function (k) { if (s[k] !== DEFAULTS[k]) p.set(k, s[k]); });
        location.hash = p.toString();
    }

    /* ---- small helpers ---- */
    function esc(s) {
        return String(s).replace(/[&<>"']/g, function (c) {
            return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
        });
    }
    function el(tag, attrs, text) {
        const e = document.createElement(tag);
        Object.keys(attrs || {}).forEach(function (a) { e.setAttribute(a, attrs[a]); });
        if (text !== undefined) e.textContent = text;
        return e;
    }
    function fmt(v) {
        if (isNaN(v)) return '';
        if (Number.isInteger(v)) return String(v);
        return Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2);
    }
    function valueLabel(name) { return LABELS[name] || name; }
    function logHref(col, t) {
        if (col.log === null) return null;
        const path = col.log + D.tasks[t].replace(/\//g, '__') + '.log';
        return path.split('/').map(encodeURIComponent).join('/');
    }
    function section(id, title) {
        const s = el('section', { id: id });
        s.appendChild(el('h2', {}, title));
        document.getElementById('app').appendChild(s);
        return s;
    }
    function staticTable(t) {
        const table = el('table', { class: 'static' });
        if (t.caption) table.appendChild(el('caption', {}, t.caption));
        const head = table.appendChild(el('thead')).appendChild(el('tr'));
        t.header.forEach(function (h, c) { head.appendChild(el('th', { class: t.right[c] ? 'r' : '' }, h)); });
        const body = table.appendChild(el('tbody'));
        t.rows.forEach(function (row, r) {
            const tr = body.appendChild(el('tr', { class: t.groups[r] && r ? 'group' : '' }));
            row.forEach(function (cell, c) { tr.appendChild(el('td', { class: t.right[c] ? 'r' : '' }, cell)); });
        });
        return table;
    }

    /* ---- filters and changes ---- */
    /* The status of COL on task T differs from its base's (both ran it). */
    function statusChanged(col, t) {
        if (col.base < 0) return false;
        const base = COLS[col.base].cat[t];
        return base !== MISSING && col.cat[t] !== MISSING && base !== col.cat[t];
    }
    function changedCell(col, t, threshold) {
        return statusChanged(col, t) || (col.base >= 0 && cpuChange(col, COLS[col.base], t, threshold) !== 0);
    }
    /* +1 slower, -1 faster beyond THRESHOLD, 0 otherwise (both correct). */
    function cpuChange(col, base, t, threshold) {
        if (CPU < 0 || col.cat[t] !== 0 || base.cat[t] !== 0) return 0;
        const ratio = Math.max(col.num[CPU][t], MIN_TIME_S) / Math.max(base.num[CPU][t], MIN_TIME_S);
        return ratio > threshold ? 1 : ratio < 1 / threshold ? -1 : 0;
    }
    function nameMatcher(q) {
        if (!q) return null;
        try { const re = new RegExp(q, 'i'); return function (s) { return re.test(s); }; }
        catch (e) { const low = q.toLowerCase(); return function (s) { return s.toLowerCase().includes(low); }; }
    }
    function filtered(s) {
        const match = nameMatcher(s.q), st = CATS.indexOf(s.st), threshold = +s.thr || 1.5;
        const column = function (k) { return k !== '' && COLS[+k] ? +k : -1; }; /* a hash may name none */
        const a = column(s.a), b = column(s.b);
        const out = [];
        for (let t = 0; t < T; t++) {
            if (match && !match(D.tasks[t])) continue;
            if (st >= 0 && !COLS.some(function (col) { return col.cat[t] === st; })) continue;
            if (s.dis === '1' && !disagree(t)) continue;
            if (a >= 0 && b >= 0 && !(COLS[a].cat[t] === 0 && COLS[b].cat[t] !== 0)) continue;
            if (s.chg === '1' && !COLS.some(function (col) { return changedCell(col, t, threshold); })) continue;
            out.push(t);
        }
        return out;
    }
    /* Some configuration answered true and another false. */
    function disagree(t) {
        let seen = 0;
        for (let k = 0; k < COLS.length; k++)
            if (COLS[k].verdict[t] >= 0) seen |= 1 << COLS[k].verdict[t];
        return seen === 3;
    }

    /* ---- sorting: "task", "cK.st" or "cK.VALUE"; missing values last ---- */
    function sortRows(rows, key, desc) {
        const sign = desc ? -1 : 1;
        if (key === 'task') {
            rows.sort(function (x, y) { return sign * (D.tasks[x] < D.tasks[y] ? -1 : D.tasks[x] > D.tasks[y] ? 1 : 0); });
            return rows;
        }
        const m = /^c(\d+)\.(.+)$/.exec(key);
        const col = m && COLS[+m[1]];
        if (!col) return rows;
        const index = VALUES.indexOf(m[2]);
        const keyOf = m[2] === 'st' ? col.cat : index >= 0 ? col.num[index] : null;
        if (!keyOf) return rows;
        rows.sort(function (x, y) {
            const a = keyOf[x], b = keyOf[y];
            if (isNaN(a) || isNaN(b)) return isNaN(a) - isNaN(b);
            return sign * (a - b) || x - y;
        });
        return rows;
    }

    /* ---- the task table ---- */
    function shownValues(s) {
        const want = s.cols.split(',');
        return VALUES.map(function (v, i) { return i; }).filter(function (i) { return want.includes(VALUES[i]); });
    }
    function headerHtml(s, shown) {
        const arrow = function (key) { return s.sort === key ? (s.desc === '1' ? ' ▼' : ' ▲') : ''; };
        let top = '<tr><th rowspan="2" data-sort="task" class="sortable">Task' + arrow('task') + '</th>';
        let second = '<tr>';
        ORDER.forEach(function (k) {
            const col = COLS[k];
            top += '<th colspan="' + (1 + shown.length) + '" class="config" style="border-top-color:' +
                PALETTE[k % PALETTE.length] + '">' + esc(col.label) + '</th>';
            second += '<th data-sort="c' + k + '.st" class="sortable">status' + arrow('c' + k + '.st') + '</th>';
            shown.forEach(function (i) {
                const key = 'c' + k + '.' + VALUES[i];
                second += '<th data-sort="' + esc(key) + '" class="sortable r">' + esc(valueLabel(VALUES[i])) +
                    arrow(key) + '</th>';
            });
        });
        return top + '</tr>' + second + '</tr>';
    }
    function rowHtml(t, shown, threshold) {
        let h = '<tr><td class="task" title="expected ' + (D.expected[t] ? 'true' : 'false') + '">' +
            esc(D.tasks[t]) + '</td>';
        ORDER.forEach(function (k) {
            const col = COLS[k];
            const cat = col.cat[t], status = col.st[t];
            const changed = statusChanged(col, t);
            const href = status === null ? null : logHref(col, t);
            const text = status === null ? '' : href ? '<a href="' + esc(href) + '">' + esc(status) + '</a>' : esc(status);
            h += '<td class="st ' + CATS[cat] + (changed ? ' changed' : '') + '" data-k="c' + k + '.st">' + text + '</td>';
            shown.forEach(function (i) {
                let cls = 'r';
                if (i === CPU && col.base >= 0) {
                    const change = cpuChange(col, COLS[col.base], t, threshold);
                    cls += change > 0 ? ' slower' : change < 0 ? ' faster' : '';
                }
                h += '<td class="' + cls + '" data-k="c' + k + '.' + esc(VALUES[i]) + '">' + fmt(col.num[i][t]) + '</td>';
            });
        });
        return h + '</tr>';
    }
    function renderTable(s) {
        const rows = sortRows(filtered(s), s.sort, s.desc === '1');
        const size = +s.ps, pages = size > 0 ? Math.max(1, Math.ceil(rows.length / size)) : 1;
        const page = Math.min(Math.max(0, +s.pg || 0), pages - 1);
        const slice = size > 0 ? rows.slice(page * size, (page + 1) * size) : rows;
        const shown = shownValues(s), threshold = +s.thr || 1.5;
        document.getElementById('task-head').innerHTML = headerHtml(s, shown);
        document.getElementById('task-body').innerHTML =
            slice.map(function (t) { return rowHtml(t, shown, threshold); }).join('');
        const count = document.getElementById('count');
        count.setAttribute('data-shown', String(rows.length));
        count.setAttribute('data-total', String(T));
        count.textContent = rows.length + ' of ' + T + ' tasks' +
            (pages > 1 ? ', page ' + (page + 1) + ' of ' + pages : '');
        document.getElementById('prev').disabled = page === 0;
        document.getElementById('next').disabled = page >= pages - 1;
    }

    /* ---- controls ---- */
    function select(id, options, label) {
        const wrap = el('label', {}, label + ' ');
        const sel = wrap.appendChild(el('select', { id: id }));
        options.forEach(function (o) { sel.appendChild(el('option', { value: o[0] }, o[1])); });
        sel.addEventListener('change', function () { const c = { pg: '0' }; c[id] = sel.value; writeState(c); });
        return wrap;
    }
    function checkbox(id, label) {
        const wrap = el('label', {});
        const box = wrap.appendChild(el('input', { type: 'checkbox', id: id }));
        wrap.appendChild(document.createTextNode(' ' + label));
        box.addEventListener('change', function () { const c = { pg: '0' }; c[id] = box.checked ? '1' : '0'; writeState(c); });
        return wrap;
    }
    function textInput(id, label, size) {
        const wrap = el('label', {}, label + ' ');
        const input = wrap.appendChild(el('input', { type: 'text', id: id, size: String(size) }));
        input.addEventListener('change', function () { const c = { pg: '0' }; c[id] = input.value; writeState(c); });
        return wrap;
    }
    function columnOptions(none) {
        return [['', none]].concat(COLS.map(function (col, k) { return [String(k), col.label]; }));
    }
    function buildTableSection() {
        const sec = section('tasks', 'Tasks');
        const bar = sec.appendChild(el('div', { class: 'controls' }));
        bar.appendChild(textInput('q', 'task name (regex)', 24));
        bar.appendChild(select('st', [['', 'any']].concat(CATS.slice(0, MISSING).map(function (c) { return [c, c]; })),
            'a status'));
        bar.appendChild(checkbox('dis', 'configurations disagree (true vs false)'));
        bar.appendChild(select('a', columnOptions('-'), 'solved by'));
        bar.appendChild(select('b', columnOptions('-'), 'but not by'));
        if (PAIRED) {
            bar.appendChild(checkbox('chg', 'changed'));
            bar.appendChild(textInput('thr', 'CPU ratio beyond', 4));
        }
        const cols = sec.appendChild(el('div', { class: 'controls', id: 'columns' }, 'columns: '));
        VALUES.forEach(function (v) {
            const wrap = cols.appendChild(el('label', {}));
            const box = wrap.appendChild(el('input', { type: 'checkbox', 'data-value': v }));
            wrap.appendChild(document.createTextNode(' ' + valueLabel(v)));
            box.addEventListener('change', function () {
                const on = Array.from(cols.querySelectorAll('input')).filter(function (b) { return b.checked; });
                writeState({ cols: on.map(function (b) { return b.getAttribute('data-value'); }).join(',') });
            });
        });
        const pager = sec.appendChild(el('div', { class: 'controls' }));
        pager.appendChild(el('span', { id: 'count' }));
        const prev = pager.appendChild(el('button', { id: 'prev' }, '◀ previous'));
        const next = pager.appendChild(el('button', { id: 'next' }, 'next ▶'));
        prev.addEventListener('click', function () { writeState({ pg: String(+readState().pg - 1) }); });
        next.addEventListener('click', function () { writeState({ pg: String(+readState().pg + 1) }); });
        pager.appendChild(select('ps', [['100', '100'], ['500', '500'], ['1000', '1000'], ['0', 'all']], 'rows per page'));
        const table = sec.appendChild(el('table', { id: 'task-table' }));
        table.appendChild(el('thead', { id: 'task-head' }));
        table.appendChild(el('tbody', { id: 'task-body' }));
        table.addEventListener('click', function (e) {
            const th = e.target.closest('th[data-sort]');
            if (!th) return;
            const s = readState(), key = th.getAttribute('data-sort');
            writeState({ sort: key, desc: s.sort === key && s.desc !== '1' ? '1' : '0', pg: '0' });
        });
    }
    function syncControls(s) {
        ['q', 'st', 'a', 'b', 'thr', 'ps', 'sx', 'sy', 'sv'].forEach(function (id) {
            const e = document.getElementById(id);
            if (e) e.value = s[id];
        });
        ['dis', 'chg'].forEach(function (id) {
            const e = document.getElementById(id);
            if (e) e.checked = s[id] === '1';
        });
        const want = s.cols.split(',');
        document.querySelectorAll('#columns input').forEach(function (b) {
            b.checked = want.includes(b.getAttribute('data-value'));
        });
    }

    /* ---- plots: SVG with log axes ---- */
    const NS = 'http://www.w3.org/2000/svg';
    function svg(tag, attrs, parent) {
        const e = document.createElementNS(NS, tag);
        Object.keys(attrs).forEach(function (a) { e.setAttribute(a, attrs[a]); });
        if (parent) parent.appendChild(e);
        return e;
    }
    const W = 560, H = 400, M = { l: 60, r: 20, t: 20, b: 45 };
    function logScale(lo, hi, a, b) {
        const l0 = Math.log10(lo), l1 = Math.log10(hi);
        return function (v) { return a + (Math.log10(v) - l0) / (l1 - l0) * (b - a); };
    }
    function linScale(lo, hi, a, b) { return function (v) { return a + (v - lo) / (hi - lo || 1) * (b - a); }; }
    function logTicks(lo, hi) {
        const out = [];
        for (let e = Math.floor(Math.log10(lo)); e <= Math.ceil(Math.log10(hi)); e++) {
            const v = Math.pow(10, e);
            if (v >= lo * 0.999 && v <= hi * 1.001) out.push(v);
        }
        return out;
    }
    function text(parent, x, y, s, attrs) {
        const e = svg('text', Object.assign({ x: x, y: y }, attrs || {}), parent);
        e.textContent = s;
        return e;
    }
    function axes(root, x, y, xTicks, yTicks, xLabel, yLabel) {
        svg('rect', { x: M.l, y: M.t, width: W - M.l - M.r, height: H - M.t - M.b, class: 'frame' }, root);
        xTicks.forEach(function (v) {
            svg('line', { x1: x(v), x2: x(v), y1: M.t, y2: H - M.b, class: 'grid' }, root);
            text(root, x(v), H - M.b + 15, fmtTick(v), { 'text-anchor': 'middle' });
        });
        yTicks.forEach(function (v) {
            svg('line', { x1: M.l, x2: W - M.r, y1: y(v), y2: y(v), class: 'grid' }, root);
            text(root, M.l - 5, y(v) + 4, fmtTick(v), { 'text-anchor': 'end' });
        });
        text(root, (M.l + W - M.r) / 2, H - 8, xLabel, { 'text-anchor': 'middle', class: 'label' });
        text(root, 14, (M.t + H - M.b) / 2, yLabel,
            { 'text-anchor': 'middle', class: 'label', transform: 'rotate(-90 14 ' + (M.t + H - M.b) / 2 + ')' });
    }
    function fmtTick(v) { return v !== 0 && (v >= 10000 || v < 0.01) ? v.toExponential(0) : String(+v.toPrecision(3)); }
    function positive(values, floor) {
        return values.filter(function (v) { return !isNaN(v); }).map(function (v) { return Math.max(v, floor); });
    }

    /* Quantile plot: the CPU time of the n-th fastest correct result. */
    function drawQuantile(parent) {
        if (CPU < 0) return;
        const curves = COLS.map(function (col) {
            const v = [];
            for (let t = 0; t < T; t++) if (col.cat[t] === 0) v.push(col.num[CPU][t]);
            return positive(v, 0.01).sort(function (a, b) { return a - b; });
        });
        const n = Math.max(1, Math.max.apply(null, curves.map(function (c) { return c.length; })));
        const all = [].concat.apply([], curves);
        const hi = Math.max(cpuLimit || 1, all.length ? Math.max.apply(null, all) : 1);
        const root = svg('svg', { width: W, height: H, viewBox: '0 0 ' + W + ' ' + H, id: 'quantile', class: 'plot' }, parent);
        const x = linScale(0, n, M.l, W - M.r), y = logScale(0.01, hi, H - M.b, M.t);
        let step = Math.pow(10, Math.floor(Math.log10(n)));
        if (n / step < 3) step = Math.max(1, step / 5);
        const xTicks = [];
        for (let v = 0; v <= n; v += step) xTicks.push(v);
        axes(root, x, y, xTicks, logTicks(0.01, hi), 'n-th fastest correct result', 'CPU time (s)');
        if (cpuLimit) {
            svg('line', { x1: M.l, x2: W - M.r, y1: y(cpuLimit), y2: y(cpuLimit), class: 'limit' }, root);
            text(root, W - M.r - 4, y(cpuLimit) + 12, 'CPU limit ' + cpuLimit + ' s', { 'text-anchor': 'end', class: 'legend' });
        }
        curves.forEach(function (c, k) {
            const color = PALETTE[k % PALETTE.length];
            svg('polyline', { points: c.map(function (v, i) { return x(i + 1).toFixed(1) + ',' + y(v).toFixed(1); }).join(' '),
                stroke: color, class: 'curve' }, root);
            svg('rect', { x: M.l + 10, y: M.t + 8 + 16 * k, width: 12, height: 4, fill: color }, root);
            text(root, M.l + 28, M.t + 13 + 16 * k, COLS[k].label + ' (' + c.length + ')', { class: 'legend' });
        });
    }

    /* Scatter plot of two configurations on one value: log axes, results
     * that are not correct drawn hollow, the CPU limit as the border. */
    function drawScatter(holder, s) {
        holder.textContent = '';
        const cx = COLS[+s.sx], cy = COLS[+s.sy], index = VALUES.indexOf(s.sv);
        if (!cx || !cy || index < 0) return;
        const isCpu = index === CPU && cpuLimit;
        const points = [];
        for (let t = 0; t < T; t++) {
            let a = cx.num[index][t], b = cy.num[index][t];
            if (isNaN(a) || isNaN(b) || cx.cat[t] === MISSING || cy.cat[t] === MISSING) continue;
            if (isCpu) { a = Math.min(a, cpuLimit); b = Math.min(b, cpuLimit); }
            points.push([a, b, cx.cat[t] === 0 && cy.cat[t] === 0]);
        }
        /* zeros (and CPU times below 10 ms) sit on the lowest decade */
        let floor = index === CPU ? 0.01 : Infinity, hi = isCpu ? cpuLimit : 1;
        points.forEach(function (p) {
            if (index !== CPU) floor = Math.min(floor, p[0] > 0 ? p[0] : Infinity, p[1] > 0 ? p[1] : Infinity);
            hi = Math.max(hi, p[0], p[1]);
        });
        floor = isFinite(floor) ? Math.pow(10, Math.floor(Math.log10(floor))) : 0.1;
        hi = Math.max(hi, floor * 10);
        points.forEach(function (p) { p[0] = Math.max(p[0], floor); p[1] = Math.max(p[1], floor); });
        const root = svg('svg', { width: W, height: H, viewBox: '0 0 ' + W + ' ' + H, id: 'scatter', class: 'plot' }, holder);
        const x = logScale(floor, hi, M.l, W - M.r), y = logScale(floor, hi, H - M.b, M.t);
        const ticks = logTicks(floor, hi);
        axes(root, x, y, ticks, ticks, cx.label + ': ' + valueLabel(s.sv), cy.label + ': ' + valueLabel(s.sv));
        svg('line', { x1: x(floor), y1: y(floor), x2: x(hi), y2: y(hi), class: 'diagonal' }, root);
        if (isCpu) {
            svg('line', { x1: x(cpuLimit), x2: x(cpuLimit), y1: y(floor), y2: y(cpuLimit), class: 'limit' }, root);
            svg('line', { x1: x(floor), x2: x(cpuLimit), y1: y(cpuLimit), y2: y(cpuLimit), class: 'limit' }, root);
        }
        points.forEach(function (p) {
            svg('circle', { cx: x(p[0]).toFixed(1), cy: y(p[1]).toFixed(1), r: 3, class: p[2] ? 'both' : 'other' }, root);
        });
        [['both', 'both correct'], ['other', 'not both correct' + (isCpu ? ' (at most the limit)' : '')]]
            .forEach(function (l, i) {
                svg('circle', { cx: M.l + 14, cy: M.t + 12 + 16 * i, r: 3, class: l[0] }, root);
                text(root, M.l + 24, M.t + 16 + 16 * i, l[1], { class: 'legend' });
            });
        holder.setAttribute('data-points', String(points.length));
    }
    function buildPlotSection() {
        const sec = section('plots', 'Plots');
        drawQuantile(sec);
        const bar = sec.appendChild(el('div', { class: 'controls' }));
        bar.appendChild(select('sx', columnOptions('-').slice(1), 'scatter: x'));
        bar.appendChild(select('sy', columnOptions('-').slice(1), 'y'));
        bar.appendChild(select('sv', VALUES.map(function (v) { return [v, valueLabel(v)]; }), 'value'));
        sec.appendChild(el('div', { id: 'scatter-holder' }));
    }

    /* ---- summary, common-set tables, setup ---- */
    function buildStaticSections() {
        const summary = section('summary', 'Summary');
        D.sets.forEach(function (set) {
            if (D.sets.length > 1) summary.appendChild(el('h3', {}, set.name));
            summary.appendChild(staticTable(set.tables[0]));
        });
        if (D.sets.some(function (set) { return set.tables.length > 1; })) {
            const tables = section('tables', 'Common-set tables');
            D.sets.forEach(function (set) {
                if (set.tables.length < 2) return;
                if (D.sets.length > 1) tables.appendChild(el('h3', {}, set.name));
                tables.appendChild(staticTable(set.tables[1]));
            });
        }
    }
    /* ---- the cross-check of the columns' answers (html_cross_check.h) ---- */
    function buildCrossCheckSection() {
        const cc = D.crossCheck;
        if (!cc) return;
        const sec = section('cross-check', 'Cross-check');
        sec.appendChild(staticTable(cc.tables[0])).setAttribute('data-kind', 'counts');
        cc.tables.slice(1).forEach(function (t, i) {
            const kind = cc.kinds[i + 1], n = String(t.rows.length);
            if (kind === 'conflict') {
                const table = sec.appendChild(staticTable(t));
                table.classList.add('conflict');
                table.setAttribute('data-tasks', n);
                return;
            }
            /* folded, its table built when first opened (thousands may agree) */
            const details = sec.appendChild(el('details', { 'data-kind': kind, 'data-tasks': n }));
            details.appendChild(el('summary', {}, t.caption + ' (' + n + (n === '1' ? ' task)' : ' tasks)')));
            details.addEventListener('toggle', function () {
                if (details.open && !details.querySelector('table'))
                    details.appendChild(staticTable(Object.assign({}, t, { caption: '' })));
            });
        });
    }
    function buildSetupSection() {
        const setup = section('setup', 'Setup');
        D.sets.forEach(function (set) {
            setup.appendChild(el('h3', {}, set.name));
            const dl = setup.appendChild(el('dl', { class: 'setup' }));
            dl.appendChild(el('dt', {}, 'scoring'));
            dl.appendChild(el('dd', { class: 'scoring' }, set.scoring));
            set.setup.forEach(function (kv) {
                dl.appendChild(el('dt', {}, kv[0]));
                dl.appendChild(el('dd', {}, kv[1]));
            });
        });
    }
    function buildNav() {
        const nav = el('nav', {});
        nav.appendChild(el('strong', {}, 'ordo report'));
        [['summary', 'Summary'], ['cross-check', 'Cross-check'], ['tasks', 'Tasks'], ['plots', 'Plots'], ['tables', 'Tables'], ['setup', 'Setup']]
            .forEach(function (s) {
                if (!document.getElementById(s[0])) return;
                const a = nav.appendChild(el('a', { href: '#' }, s[1]));
                a.addEventListener('click', function (e) { e.preventDefault(); document.getElementById(s[0]).scrollIntoView(); });
            });
        document.getElementById('app').prepend(nav);
    }

    /* ---- the whole view ---- */
    function render() {
        const s = readState();
        syncControls(s);
        renderTable(s);
        drawScatter(document.getElementById('scatter-holder'), s);
        return s;
    }
    /* bench=1: the time of sorts by each CPU column, as a user clicks. */
    function benchmark(timing) {
        const times = COLS.map(function (col, k) {
            const start = performance.now();
            renderTable(Object.assign(readState(), { sort: 'c' + k + '.cputime_s', desc: k % 2 ? '1' : '0' }));
            void document.body.offsetHeight;
            return performance.now() - start;
        });
        timing.setAttribute('data-sort-ms', Math.max.apply(null, times).toFixed(1));
    }

    document.getElementById('app').textContent = '';
    buildStaticSections();
    buildCrossCheckSection();
    buildTableSection();
    buildPlotSection();
    buildSetupSection();
    buildNav();
    const state = render();
    void document.body.offsetHeight; /* layout included */
    const timing = el('div', { id: 'timing', hidden: '', 'data-load-ms': performance.now().toFixed(1) });
    document.body.appendChild(timing);
    if (state.bench === '1') benchmark(timing);
    window.addEventListener('hashchange', render);
})();
