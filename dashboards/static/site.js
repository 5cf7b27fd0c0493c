// gpu-market dashboard: sortable tables, filters, charts. No network: plotly.js comes from the site's assets.
(function () {
  "use strict";

  function cellValue(row, index, numeric) {
    const cell = row.cells[index];
    const raw = cell ? cell.getAttribute("data-v") : "";
    if (!numeric) return raw.toLowerCase();
    const n = parseFloat(raw);
    return Number.isNaN(n) ? null : n;
  }

  function sortTable(button) {
    const th = button.closest("th");
    const table = th.closest("table");
    const index = Array.prototype.indexOf.call(th.parentNode.children, th);
    const numeric = button.getAttribute("data-type") === "num";
    const ascending = th.getAttribute("aria-sort") !== "ascending";
    table.querySelectorAll("thead th").forEach(function (h) { h.setAttribute("aria-sort", "none"); });
    th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    const body = table.tBodies[0];
    const rows = Array.from(body.rows);
    rows.sort(function (a, b) {
      const x = cellValue(a, index, numeric), y = cellValue(b, index, numeric);
      if (x === y) return 0;
      if (x === null || x === "") return 1;   // blanks last either way
      if (y === null || y === "") return -1;
      return (x < y ? -1 : 1) * (ascending ? 1 : -1);
    });
    rows.forEach(function (r) { body.appendChild(r); });
    view(table);
  }

  // A long table (data-limit) shows its top rows among those the filters keep (data-pass), in the current
  // order, until its "Show all" button is pressed; the count says how many of how many are shown.
  function view(table) {
    const limit = parseInt(table.getAttribute("data-limit") || "0", 10);
    const expanded = table.getAttribute("data-expanded") === "true";
    const rows = Array.from(table.tBodies[0].rows);
    let passing = 0, shown = 0;
    rows.forEach(function (r) {
      const pass = r.getAttribute("data-pass") !== "0";
      if (pass) passing += 1;
      const visible = pass && (!limit || expanded || passing <= limit);
      r.hidden = !visible;
      if (visible) shown += 1;
    });
    const count = document.getElementById(table.id + "-count");
    if (count) count.textContent = "Showing " + shown + " of " + rows.length + " rows";
    const button = document.querySelector('button.show-all[aria-controls="' + table.id + '"]');
    if (button) {
      button.hidden = passing <= limit;
      button.setAttribute("aria-expanded", expanded ? "true" : "false");
      button.textContent = expanded ? "Show the top " + limit : "Show all " + passing + " rows";
    }
  }

  document.querySelectorAll("button.show-all").forEach(function (b) {
    b.addEventListener("click", function () {
      const table = document.getElementById(b.getAttribute("aria-controls"));
      table.setAttribute("data-expanded", table.getAttribute("data-expanded") === "true" ? "false" : "true");
      view(table);
    });
  });
  document.querySelectorAll("table[data-limit]").forEach(view);

  document.querySelectorAll("button.sort").forEach(function (b) {
    b.addEventListener("click", function () { sortTable(b); });
  });

  const form = document.getElementById("filters");
  function number(v) { const n = parseFloat(v); return Number.isNaN(n) ? null : n; }

  function rowPasses(row, f, floors) {
    const d = row.dataset;
    if (f.vram !== null && d.vram !== undefined && !(number(d.vram) >= f.vram)) return false;
    if (f.useCase) {
      if (d.useCase !== undefined) { if (d.useCase !== f.useCase) return false; }
      else if (d.vram !== undefined && !(number(d.vram) >= (floors[f.useCase] || 0))) return false;
    }
    if (f.budget !== null && d.cost !== undefined && !(number(d.cost) <= f.budget)) return false;
    if (f.vendor && d.vendor !== undefined && d.vendor !== f.vendor) return false;
    if (f.condition && d.condition !== undefined && d.condition !== f.condition) return false;
    if (f.form && d.form !== undefined && d.form !== f.form) return false;
    return true;
  }

  function applyFilters() {
    if (!form) return;
    const floors = JSON.parse(form.getAttribute("data-floors") || "{}");
    const f = {
      vram: number(form.elements["vram"].value), useCase: form.elements["use-case"].value,
      budget: number(form.elements["budget"].value), vendor: form.elements["vendor"].value,
      condition: form.elements["condition"].value, form: form.elements["form-factor"].value,
    };
    document.querySelectorAll("table.filterable").forEach(function (table) {
      Array.from(table.tBodies[0].rows).forEach(function (r) {
        r.setAttribute("data-pass", rowPasses(r, f, floors) ? "1" : "0");
      });
      view(table);
    });
  }

  if (form) {
    form.addEventListener("input", applyFilters);
    form.addEventListener("change", applyFilters);
    form.addEventListener("submit", function (e) { e.preventDefault(); applyFilters(); });
    form.addEventListener("reset", function () { setTimeout(applyFilters, 0); });
    applyFilters();
  }

  // The answer first (issue 39): the use case and budget chosen are kept in the URL hash, so that a bookmark
  // reopens them; each choice's view is written by the page (no network, nothing computed here).
  const answerData = document.getElementById("answer-data");
  const choice = document.getElementById("answer-choice");
  if (answerData && choice) {
    const views = JSON.parse(answerData.textContent);
    const body = document.getElementById("answer-body");
    const fromHash = function () {
      const params = new URLSearchParams(window.location.hash.replace(/^#/, ""));
      const use = params.get("use"), budget = params.get("budget");
      if (use && budget && views[use + ":" + budget] !== undefined) {
        choice.elements["use"].value = use;
        choice.elements["budget"].value = budget;
      }
    };
    const show = function (remember) {
      const use = choice.elements["use"].value, budget = choice.elements["budget"].value;
      const view = views[use + ":" + budget];
      body.innerHTML = view !== undefined ? view : "<p class=\"empty\">No machine for this choice today.</p>";
      if (remember) history.replaceState(null, "", "#use=" + encodeURIComponent(use) + "&budget=" + encodeURIComponent(budget));
    };
    fromHash();
    show(false);
    choice.addEventListener("change", function () { show(true); });
    window.addEventListener("hashchange", function () { fromHash(); show(false); });
  }

  const data = document.getElementById("chart-data");
  const charts = data ? JSON.parse(data.textContent) : {};
  Object.keys(charts).forEach(function (id) {
    const el = document.getElementById(id);
    if (!el) return;
    if (typeof window.Plotly === "undefined") {
      el.textContent = "Charts need assets/plotly.min.js beside the page (written with it).";
      return;
    }
    const fig = charts[id];
    window.Plotly.newPlot(el, fig.data, fig.layout, {displaylogo: false, responsive: true});
  });
})();
