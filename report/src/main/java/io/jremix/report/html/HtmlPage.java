package io.jremix.report.html;

import java.util.Locale;

/**
 * The frame every HTML report shares: one self-contained page (inline style and script, nothing fetched), a title
 * and a summary line. The script sorts tables by a click on a column's heading (or by {@code #sort=TABLE:COLUMN} in
 * the address; a grouped table's groups by their first rows, and the rows beneath each), reports its own errors
 * in {@code #script-errors}, and marks the body {@code data-ready} when done.
 */
final class HtmlPage {
    private static final String STYLE = """
            body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222;background:#fafafa}
            h1{font-size:1.4em;margin:0 0 .2em}h2{font-size:1.15em;margin:1.2em 0 .4em}
            .summary{color:#555;margin-bottom:1em}code,.mono{font-family:ui-monospace,monospace;font-size:12px}
            table{border-collapse:collapse;background:#fff;margin:.4em 0}
            th,td{border:1px solid #ddd;padding:3px 6px;text-align:left;vertical-align:top}
            th{background:#eee;cursor:pointer;user-select:none}th.sorted-asc::after{content:" \\25b2"}
            th.sorted-desc::after{content:" \\25bc"}td.num{text-align:right;font-variant-numeric:tabular-nums}
            td.code{font-family:ui-monospace,monospace;font-size:11px;word-break:break-all;max-width:28em;white-space:pre-line}
            .card{background:#fff;border:1px solid #ccc;border-left:6px solid #999;padding:.6em 1em;margin:1em 0}
            .card.kind-false-sharing{border-left-color:#e08a00}.card.kind-true-sharing{border-left-color:#c0182a}.card.kind-latent-false-sharing{border-left-color:#8a6d00}
            .badge{display:inline-block;padding:0 .5em;border-radius:.8em;color:#fff;font-size:12px;background:#777}
            .badge.kind-false-sharing{background:#e08a00}.badge.kind-true-sharing{background:#c0182a}.badge.kind-latent-false-sharing{background:#8a6d00}
            .layout{display:inline-block;vertical-align:top;margin-right:2em}
            .side-by-side{display:flex;gap:1.5em;align-items:flex-start}.side-by-side .layout{margin-right:0}
            .side-by-side .line{width:640px}
            .card.repaired{border-left-color:#2a8a3a}
            .line{display:flex;width:768px;height:34px;border:1px solid #444;margin:2px 0;background:#fff}
            .line-label{font-size:11px;color:#666}
            .slot{box-sizing:border-box;border-right:1px solid #888;overflow:hidden;font-size:10px;padding:1px 2px;
              white-space:nowrap}
            .slot.header{background:repeating-linear-gradient(45deg,#ddd,#ddd 4px,#eee 4px,#eee 8px)}
            .slot.gap{background:#f4f4f4;color:#aaa}.slot.field{color:#000}
            .slot.beyond{border-right:none;color:#999;font-style:italic;background:#fff}
            .legend span{display:inline-block;margin-right:1em}.swatch{display:inline-block;width:1em;height:1em;
              vertical-align:middle;border:1px solid #888;margin-right:.3em}
            ul.names{columns:2;margin:.3em 0}#script-errors{color:#c0182a}
            svg.timeline{display:block;background:#fff;border:1px solid #ddd}
            table.grouped td.code{min-width:30em}tr.group td{background:#f0f0f0;font-weight:600}
            tr.member td.code{padding-left:1.5em}
            svg.flame{display:block;background:#fff;border:1px solid #ddd}
            .flame text{font:11px ui-monospace,monospace;pointer-events:none}.flame g.frame:hover rect{stroke:#000}
            .timeline .peak{fill:none;stroke:#c0182a;stroke-width:1.2}.timeline .mean{fill:#f1b5bc;stroke:none}
            """;

    private static final String SCRIPT = """
            (function(){
              var errors=document.getElementById('script-errors');
              function fail(m){var li=document.createElement('li');li.textContent=m;errors.appendChild(li);}
              window.addEventListener('error',function(e){fail(e.message);});
              function key(td){var v=td.getAttribute('data-sort');return v===null?td.textContent:parseFloat(v);}
              function order(units,cell,desc){
                units.sort(function(a,b){var x=key(cell(a)),y=key(cell(b));
                  var c=(typeof x==='number'&&typeof y==='number')?x-y:String(x).localeCompare(String(y));
                  return desc?-c:c;});
                units.forEach(function(u){u.parentNode.appendChild(u);});
              }
              function sort(table,col,desc){
                function cell(r){return r.cells[col];}
                if(table.classList.contains('grouped')){
                  var bodies=Array.prototype.slice.call(table.tBodies);
                  bodies.forEach(function(b){order(Array.prototype.slice.call(b.rows,1),cell,desc);});
                  order(bodies,function(b){return b.rows[0].cells[col];},desc);
                }else{order(Array.prototype.slice.call(table.tBodies[0].rows),cell,desc);}
                Array.prototype.forEach.call(table.tHead.rows[0].cells,function(th,i){
                  th.classList.remove('sorted-asc','sorted-desc');
                  if(i===col){th.classList.add(desc?'sorted-desc':'sorted-asc');}});
              }
              try{
                document.querySelectorAll('table.sortable').forEach(function(table){
                  Array.prototype.forEach.call(table.tHead.rows[0].cells,function(th,i){
                    th.addEventListener('click',function(){sort(table,i,th.classList.contains('sorted-asc'));});});});
                var m=/sort=([\\w-]+):([\\w-]+)(:asc)?/.exec(location.hash);
                if(m){var t=document.getElementById(m[1]);
                  if(!t){fail('no table '+m[1]);}else{
                    var ths=Array.prototype.slice.call(t.tHead.rows[0].cells);
                    var i=ths.findIndex(function(th){return th.getAttribute('data-key')===m[2];});
                    if(i<0){fail('no column '+m[2]);}else{sort(t,i,!m[3]);}}}
              }catch(e){fail(String(e));}
              document.body.setAttribute('data-ready','true');
            })();
            """;

    private HtmlPage() {
    }

    /** The whole page around {@code body}, HTML already. */
    static String page(String title, String summary, String body) {
        return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + esc(title)
                + "</title>\n<style>" + STYLE + "</style></head>\n<body>\n<h1>" + esc(title) + "</h1>\n"
                + "<div class=\"summary\">" + esc(summary) + "</div>\n<ul id=\"script-errors\"></ul>\n" + body
                + "\n<script>" + SCRIPT + "</script>\n</body></html>\n";
    }

    static String esc(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                case '\'' -> sb.append("&#39;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }

    /** A number as a report shows it: whole numbers without decimals, others with up to three. */
    static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v)
                : String.format(Locale.ROOT, "%.3f", v).replaceAll("0+$", "");
    }
}
