extension HTMLReport {
    /// The page's one stylesheet: screen first, then print. Colours keep text at a contrast of
    /// at least 4.5:1 (WCAG AA), and a status is always a word and a symbol, never a colour alone.
    static let styleSheet = """
        :root { --ink: #1b1f24; --muted: #4a5360; --line: #c9d1db; --paper: #ffffff; --band: #f3f5f8; --link: #0b4fa6;
          --passed: #0b5d2a; --passed-bg: #e3f3e8; --failed: #9b1020; --failed-bg: #fde7ea; --warned: #6e4400; --warned-bg: #fff1cc;
          --errored: #7a1468; --errored-bg: #f8e4f4; --skipped: #414a55; --skipped-bg: #eceff3; --precondition: #7a3300; --precondition-bg: #ffe6d1; }
        * { box-sizing: border-box; }
        html { color: var(--ink); background: var(--paper); font: 15px/1.45 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
        body { margin: 0 auto; max-width: 78rem; padding: 1.5rem 2rem 3rem; }
        a { color: var(--link); }
        code, pre { font-family: ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 0.9em; }
        pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; }
        h1 { font-size: 1.75rem; margin: 0 0 0.5rem; }
        h1 .kind { font-weight: 400; color: var(--muted); }
        h2 { font-size: 1.3rem; margin: 2rem 0 0.5rem; padding-bottom: 0.25rem; border-bottom: 2px solid var(--line); }
        h3 { font-size: 1.05rem; margin: 0 0 0.25rem; }
        h4 { font-size: 0.95rem; margin: 1rem 0 0.35rem; }
        .skip { position: absolute; left: -999px; }
        .skip:focus { left: 1rem; top: 1rem; background: var(--paper); padding: 0.5rem; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
        header { border-bottom: 1px solid var(--line); padding-bottom: 1rem; }
        .verdict { display: inline-block; margin: 0.25rem 0 0.75rem; padding: 0.45rem 0.9rem; border-radius: 6px; border: 2px solid currentColor; font-size: 1.05rem; }
        .verdict strong { font-size: 1.3rem; letter-spacing: 0.04em; margin-right: 0.5rem; }
        .verdict-passed { color: var(--passed); background: var(--passed-bg); }
        .verdict-failed { color: var(--failed); background: var(--failed-bg); }
        .verdict-errored { color: var(--errored); background: var(--errored-bg); }
        .notice { background: var(--warned-bg); color: var(--warned); border-left: 4px solid var(--warned); padding: 0.5rem 0.75rem; }
        .facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1.25rem; margin: 0.5rem 0 1rem; }
        .facts dt { font-weight: 600; }
        .facts dd { margin: 0; }
        .detail { color: var(--muted); font-size: 0.92em; }
        .counts { list-style: none; display: flex; flex-wrap: wrap; gap: 0.5rem; padding: 0; margin: 0; }
        .counts li { padding: 0.3rem 0.7rem; border-radius: 999px; background: var(--band); border: 1px solid var(--line); }
        .status { display: inline-block; padding: 0.05rem 0.5rem; border-radius: 4px; font-weight: 600; white-space: nowrap; font-size: 0.9em; }
        .status-passed { color: var(--passed); background: var(--passed-bg); }
        .status-failed { color: var(--failed); background: var(--failed-bg); }
        .status-notJudged { color: var(--precondition); background: var(--precondition-bg); }
        .status-warned { color: var(--warned); background: var(--warned-bg); }
        .status-errored { color: var(--errored); background: var(--errored-bg); }
        .status-skipped, .status-notRun { color: var(--skipped); background: var(--skipped-bg); }
        .status-untested { color: var(--warned); background: var(--warned-bg); }
        .filters { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: flex-end; margin: 0.5rem 0; }
        .filters[hidden] { display: none; }
        .filters fieldset { border: 1px solid var(--line); border-radius: 6px; padding: 0.3rem 0.75rem 0.5rem; margin: 0; }
        .filters legend { font-weight: 600; padding: 0 0.25rem; }
        .filters label { margin-right: 0.75rem; white-space: nowrap; }
        .filters button { font: inherit; padding: 0.3rem 0.8rem; border: 1px solid var(--muted); border-radius: 6px; background: var(--paper); color: var(--ink); }
        .shown { color: var(--muted); margin: 0.25rem 0 0.5rem; }
        table { border-collapse: collapse; width: 100%; }
        caption { text-align: left; color: var(--muted); padding: 0 0 0.4rem; }
        th, td { text-align: left; vertical-align: top; padding: 0.4rem 0.55rem; border-bottom: 1px solid var(--line); }
        thead th { background: var(--band); border-bottom: 2px solid var(--line); }
        tbody th { font-weight: 400; white-space: nowrap; }
        .requirements .col-status { width: 10.5rem; } .requirements .col-id { width: 10rem; } .requirements .col-level { width: 5rem; }
        .requirements .col-cases { width: 6.5rem; } .requirements .col-references { width: 30%; }
        .requirements td:last-child { font-size: 0.88em; }
        .case { border: 1px solid var(--line); border-left: 5px solid var(--line); border-radius: 6px; padding: 0.75rem 1rem; margin: 0.75rem 0; }
        .case[data-status=failed] { border-left-color: var(--failed); }
        .case[data-status=notJudged] { border-left-color: var(--precondition); }
        .case[data-status=warned] { border-left-color: var(--warned); }
        .case[data-status=errored] { border-left-color: var(--errored); }
        .issue { margin-top: 0.5rem; }
        .evidence { display: grid; grid-template-columns: max-content 1fr; gap: 0.1rem 1rem; margin: 0.25rem 0 0.5rem; }
        .evidence dt { font-weight: 600; }
        .evidence dd { margin: 0; }
        .comparison { display: grid; grid-template-columns: 1fr 1fr; gap: 0.75rem; }
        .side { margin: 0; border: 1px solid var(--line); border-radius: 6px; overflow: hidden; }
        .side figcaption { font-weight: 600; padding: 0.2rem 0.6rem; background: var(--band); border-bottom: 1px solid var(--line); }
        .side pre { padding: 0.4rem 0.6rem; }
        .removed { background: var(--passed-bg); color: var(--passed); }
        .added { background: var(--failed-bg); color: var(--failed); font-weight: 600; }
        .transcript td, .transcript th { padding: 0.2rem 0.5rem; font-size: 0.92em; }
        .failed-call td { background: #fff7f8; }
        .log { background: var(--band); border: 1px solid var(--line); border-radius: 6px; padding: 0.5rem; max-height: 24rem; overflow: auto; }
        footer { margin-top: 2.5rem; color: var(--muted); font-size: 0.9em; border-top: 1px solid var(--line); }
        @media (max-width: 50rem) { .comparison { grid-template-columns: 1fr; } body { padding: 1rem; } }
        @media print {
          html { font-size: 10.5pt; }
          body { max-width: none; padding: 0; }
          @page { margin: 14mm 12mm; }
          * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
          .filters, .shown, .skip { display: none !important; }
          [data-status][hidden] { display: revert !important; }
          section.cases[hidden] { display: block !important; }
          tr[data-status][hidden] { display: table-row !important; }
          thead { display: table-header-group; }
          tr, .issue, figure, .evidence { break-inside: avoid; }
          h2, h3, h4 { break-after: avoid; }
          .case { break-inside: auto; }
          .log { max-height: none; overflow: visible; }
          a { color: var(--ink); }
          a[href^="http"]::after { content: " (" attr(href) ")"; font-size: 0.85em; color: var(--muted); overflow-wrap: anywhere; }
        }

        """

    /// The filters: checkboxes by status and level, also set from the address (`#status=failed,errored&level=MUST`),
    /// so that a link can open the page filtered. A failing run's page opens filtered to what did not
    /// pass (the form's `data-opening-status`) unless the address says otherwise; "Show all" shows
    /// everything. Without script the page shows everything, what did not pass first.
    static let script = """
        (function () {
          "use strict";
          var form = document.getElementById("filters");
          if (!form) { return; }
          var items = document.querySelectorAll("[data-status][data-level]");
          var rows = document.querySelectorAll("#requirements tbody tr");
          var sections = document.querySelectorAll("section.cases");
          var shown = document.getElementById("shown");
          var opening = form.getAttribute("data-opening-status"), onOpening = false;
          function boxes(name) { return Array.prototype.slice.call(form.querySelectorAll("input[name=" + name + "]")); }
          function chosen(name) {
            var set = {};
            boxes(name).forEach(function (box) { if (box.checked) { set[box.value] = true; } });
            return set;
          }
          function apply() {
            var status = chosen("status"), level = chosen("level"), visible = 0;
            Array.prototype.forEach.call(items, function (item) {
              item.hidden = !(status[item.getAttribute("data-status")] && level[item.getAttribute("data-level")]);
            });
            Array.prototype.forEach.call(rows, function (row) { if (!row.hidden) { visible += 1; } });
            // A section of test cases whose every case the filters hide goes too, heading and all.
            Array.prototype.forEach.call(sections, function (section) {
              var own = section.querySelectorAll("[data-status][data-level]"), open = 0;
              Array.prototype.forEach.call(own, function (item) { if (!item.hidden) { open += 1; } });
              section.hidden = own.length > 0 && open === 0;
            });
            shown.textContent = onOpening
              ? "Showing the " + visible + " requirements that did not pass, of " + rows.length + ": “Show all” shows every one."
              : "Showing " + visible + " of " + rows.length + " requirements";
            document.body.setAttribute("data-filtered", visible === rows.length ? "no" : "yes");
          }
          function address() {
            return ["status", "level"].map(function (name) {
              return name + "=" + boxes(name).filter(function (box) { return box.checked; }).map(function (box) { return box.value; }).join(",");
            }).join("&");
          }
          function fromAddress() {
            var pairs = window.location.hash.replace(/^#/, "").split("&"), found = false;
            pairs.forEach(function (pair) {
              var parts = pair.split("=");
              if (parts.length !== 2 || (parts[0] !== "status" && parts[0] !== "level")) { return; }
              var wanted = decodeURIComponent(parts[1]).split(",");
              boxes(parts[0]).forEach(function (box) { box.checked = wanted.indexOf(box.value) >= 0; });
              found = true;
            });
            if (found) { onOpening = false; }
            return found;
          }
          form.addEventListener("change", function () {
            onOpening = false;
            apply();
            try { history.replaceState(null, "", "#" + address()); } catch (error) { /* file:// may refuse; the filter still applies */ }
          });
          document.getElementById("show-all").addEventListener("click", function () {
            form.querySelectorAll("input").forEach(function (box) { box.checked = true; });
            onOpening = false;
            apply();
            // The address says "everything", so that reloading does not go back to the opening filter.
            try { history.replaceState(null, "", "#" + address()); } catch (error) { /* as above */ }
          });
          window.addEventListener("hashchange", function () { fromAddress(); apply(); });
          if (!fromAddress() && opening) {
            var wanted = opening.split(",");
            boxes("status").forEach(function (box) { box.checked = wanted.indexOf(box.value) >= 0; });
            onOpening = true;
          }
          form.hidden = false;
          apply();
        })();

        """
}
