/** The pages' only stylesheet, inlined: system fonts, no external resources. */
export const PAGE_STYLE = `
:root{--ink:#1f2328;--muted:#636c76;--line:#d0d7de;--bg:#fff;--panel:#f6f8fa;--tokens:#0969da;--warn:#bf8700;--limit:#cf222e;--notes:#1a7f37;--extract:#8250df;--compact:#cf222e;--turn0:#eaeef2;--turn1:#dde3ea}
*{box-sizing:border-box}
body{margin:0;padding:16px 24px;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
h1{font-size:20px;margin:0 0 4px;word-break:break-all}
.sub{color:var(--muted);margin:0 0 12px}
.sub a{color:var(--tokens)}
.stats{display:flex;flex-wrap:wrap;gap:6px 18px;margin:0 0 12px;padding:0}
.stats div{display:flex;gap:6px}.stats dt{color:var(--muted)}.stats dd{margin:0;font-weight:600}
.layout{display:grid;grid-template-columns:minmax(0,1fr) 320px;gap:16px;align-items:start}
@media (max-width:1000px){.layout{grid-template-columns:1fr}}
figure{margin:0}
svg{width:100%;height:auto;display:block;font-size:11px}
.grid{stroke:var(--line);stroke-width:1}
.ylab,.lanelab{text-anchor:end;fill:var(--muted)}
.xlab,.axis-title{text-anchor:middle;fill:var(--muted)}
.area{fill:var(--tokens);fill-opacity:.08;stroke:none}
.tokens{fill:none;stroke:var(--tokens);stroke-width:1.5;stroke-linejoin:round}
.warning{stroke:var(--warn);stroke-dasharray:6 4}.threshold{stroke:var(--limit);stroke-dasharray:6 4}
.warning-lab{fill:var(--warn);text-anchor:end}.threshold-lab{fill:var(--limit);text-anchor:end}
.cut{stroke:var(--compact);stroke-width:1;stroke-opacity:.5;stroke-dasharray:2 3}
.crosshair{stroke:var(--muted);stroke-width:1}
.lane{fill:var(--panel)}
.m{cursor:pointer;stroke-width:1}
.m:focus{outline:none}.m:focus,.m.sel{stroke:var(--ink);stroke-width:2}
.lane-notes .m{fill:var(--notes);stroke:#fff}.lane-extraction .m{fill:var(--extract);stroke:#fff}.lane-compaction .m{fill:var(--compact);stroke:#fff}
.m.k-extraction_skipped{fill:#fff;stroke:var(--extract);stroke-width:1.5}
.m.k-run_finished{fill-opacity:.55}
.m.k-run_failed{fill:none;stroke:var(--limit);stroke-width:2.5}
.m.k-trailing_run{fill-opacity:.8}
.turn.t0{fill:var(--turn0)}.turn.t1{fill:var(--turn1)}.turn:hover,.turn.sel{fill:#c8d1dc}
.ticks{stroke:var(--ink);stroke-opacity:.45;stroke-width:1}
.m.k-tool_error{fill:var(--limit);stroke:#fff}
.empty{fill:var(--muted)}
#readout{min-height:1.4em;color:var(--muted);font-variant-numeric:tabular-nums}
aside{position:sticky;top:12px;background:var(--panel);border:1px solid var(--line);border-radius:6px;padding:10px 12px;min-height:120px}
aside h2{font-size:14px;margin:0 0 6px}
aside.pinned{border-color:var(--ink)}
aside dl{margin:0;display:grid;grid-template-columns:max-content minmax(0,1fr);gap:2px 10px}
aside dt{color:var(--muted)}aside dd{margin:0;overflow-wrap:anywhere;white-space:pre-wrap}
.legend{display:flex;flex-wrap:wrap;gap:4px 16px;margin:10px 0 0;padding:0;list-style:none;color:var(--muted)}
.legend svg{width:14px;height:14px;display:inline-block;vertical-align:-2px;margin-right:4px}
.note{color:var(--muted);font-size:12px}
table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
th,td{border-bottom:1px solid var(--line);padding:4px 8px;text-align:right;white-space:nowrap}
th:first-child,td:first-child,th:nth-child(2),td:nth-child(2){text-align:left}
th{color:var(--muted);font-weight:600}
td a{color:var(--tokens)}
`;
