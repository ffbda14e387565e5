package results

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html/template"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// HTMLReport is what report.html shows besides the report itself.
type HTMLReport struct {
	// Description is the scenario's description; YAML its resolved form.
	Description, YAML string
	// Version is schedsim's version and revision; CommandLine the command
	// that ran.
	Version, CommandLine string
	// Metrics give units and descriptions.
	Metrics []MetricInfo
	// Figures are the figures of the sweep, Schedule the schedule views.
	Figures, Schedule []Figure
	// Claims is the table of the paper's claims and their verdicts (empty
	// Rows: no claims section).
	Claims HTMLClaims
}

// HTMLClaims is the claims section of report.html: a table and the count
// of verdicts under it.
type HTMLClaims struct {
	Head   []string
	Rows   [][]string
	Counts string
}

// WriteHTML writes dir/report.html: a self-contained page (figures inline
// as SVG, or as PNG data when no SVG was written; no network, no script)
// with the scenario, its provenance, one table per metric group with
// units, every figure and a link to every data file in dir. It is the one
// output that is not byte-identical between runs: it records the wall time
// and the command line.
func WriteHTML(dir string, r *Report, h HTMLReport) error {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if ext := filepath.Ext(rel); ext == ".csv" || ext == ".json" || ext == ".yaml" || ext == ".swf" {
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		return err
	}
	sort.Strings(files)
	data := htmlData{Report: r, HTMLReport: h, Files: files, Wall: fmt.Sprintf("%.2f s", r.Wall), Note: r.InterruptedNote()}
	data.Tables = htmlTables(r, h.Metrics)
	for _, set := range []struct {
		figs []Figure
		out  *[]htmlFigure
	}{{h.Figures, &data.Figs}, {h.Schedule, &data.Sched}} {
		for _, f := range set.figs {
			hf, err := inlineFigure(dir, f)
			if err != nil {
				return err
			}
			*set.out = append(*set.out, hf)
		}
	}
	var buf bytes.Buffer
	if err := htmlPage.Execute(&buf, data); err != nil {
		return err
	}
	return WriteFileAtomic(filepath.Join(dir, "report.html"), buf.Bytes())
}

type htmlData struct {
	*Report
	HTMLReport
	Files       []string
	Wall, Note  string
	Tables      []htmlTable
	Figs, Sched []htmlFigure
}

type htmlFigure struct {
	Title, Name string
	Body        template.HTML
	Links       []string
}

// inlineFigure reads a figure's SVG (its XML prolog cut) or, without one,
// its PNG as a data URL.
func inlineFigure(dir string, f Figure) (htmlFigure, error) {
	hf := htmlFigure{Title: f.Title, Name: f.Name, Links: f.Files}
	if p := f.File("svg"); p != "" {
		b, err := os.ReadFile(filepath.Join(dir, p))
		if err != nil {
			return hf, err
		}
		s := string(b)
		if i := strings.Index(s, "<svg"); i >= 0 {
			s = s[i:]
		}
		s = strings.Replace(s, "<svg ", `<svg role="img" aria-label="`+template.HTMLEscapeString(f.Title)+`" `, 1)
		hf.Body = template.HTML(s)
		return hf, nil
	}
	if p := f.File("png"); p != "" {
		b, err := os.ReadFile(filepath.Join(dir, p))
		if err != nil {
			return hf, err
		}
		hf.Body = template.HTML(`<img alt="` + template.HTMLEscapeString(f.Title) + `" src="data:image/png;base64,` + base64.StdEncoding.EncodeToString(b) + `">`)
	}
	return hf, nil
}

// htmlTable is one table of the report: a header row and body rows.
type htmlTable struct {
	Caption, Class string
	Head           []string
	Rows           [][]string
}

// htmlWidePoints is the most points shown side by side in one table.
const htmlWidePoints = 8

// htmlTables lays the report out in tables: with no more than htmlWidePoints
// points, one table of metrics (rows, with their units) by points
// (columns); with more, one table per metric, the first axis along rows
// and the second along columns (the others in the row names).
func htmlTables(r *Report, infos []MetricInfo) []htmlTable {
	if len(r.Points) == 0 {
		return nil
	}
	unit := func(m string) (string, string) {
		for _, i := range infos {
			if i.Name == m {
				return i.Unit, i.Description
			}
		}
		return "", ""
	}
	cell := func(s Summary) string {
		c := meanCell(s)
		if !math.IsNaN(s.HalfWidth) {
			c += " ± " + num(s.HalfWidth)
		}
		if s.HasReference() {
			c += " (reference " + num(s.Reference) + ")"
		}
		return c
	}
	axes := r.Points[0].Labels
	if len(r.Points) <= htmlWidePoints || len(axes) < 2 {
		t := htmlTable{Caption: "mean ± 95% CI half-width", Head: []string{"metric", "unit", "description"}, Class: "metrics"}
		for _, p := range r.Points {
			t.Head = append(t.Head, cmpOr(p.Name(), "value"))
		}
		for _, m := range r.Points[0].Summaries {
			u, d := unit(m.Name)
			row := []string{m.Name, u, d}
			for _, p := range r.Points {
				s, _ := p.Metric(m.Name)
				row = append(row, cell(s))
			}
			t.Rows = append(t.Rows, row)
		}
		return []htmlTable{t}
	}
	colKey := axes[1].Key
	cols, _ := axisValues(r, 1)
	var out []htmlTable
	for _, m := range r.Points[0].Summaries {
		u, d := unit(m.Name)
		t := htmlTable{Caption: fmt.Sprintf("%s — %s (%s): mean ± 95%% CI half-width", m.Name, cmpOr(d, m.Name), cmpOr(u, "no unit"))}
		t.Head = append(t.Head, "point")
		for _, c := range cols {
			t.Head = append(t.Head, colKey+"="+c)
		}
		rows := map[string][]string{}
		var order []string
		for _, p := range r.Points {
			var parts []string
			col := ""
			for _, l := range p.Labels {
				if l.Key == colKey {
					col = l.Value
				} else {
					parts = append(parts, l.Key+"="+l.Value)
				}
			}
			name := strings.Join(parts, " ")
			if _, ok := rows[name]; !ok {
				order = append(order, name)
				rows[name] = make([]string, len(cols))
			}
			s, _ := p.Metric(m.Name)
			for i, c := range cols {
				if c == col {
					rows[name][i] = cell(s)
				}
			}
		}
		for _, name := range order {
			t.Rows = append(t.Rows, append([]string{name}, rows[name]...))
		}
		out = append(out, t)
	}
	return out
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

var htmlPage = template.Must(template.New("report").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>schedsim report: {{.Report.Scenario}}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222;line-height:1.4}
h1{font-size:1.6em;margin-bottom:.2em}h2{font-size:1.25em;margin-top:2em;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:1em 0;font-size:.9em;display:block;overflow-x:auto}
th,td{border:1px solid #ddd;padding:.25em .6em;text-align:right;white-space:nowrap}
th{background:#f4f4f4}td:first-child,th:first-child,.metrics td:nth-child(-n+3),.metrics th:nth-child(-n+3){text-align:left}
caption{text-align:left;font-weight:600;padding:.3em 0}
.figs{display:grid;grid-template-columns:repeat(auto-fill,minmax(480px,1fr));gap:1em}
figure{margin:0;break-inside:avoid}figure svg,figure img{width:100%;height:auto}
figcaption{font-size:.9em;color:#555}
pre{background:#f7f7f7;padding:1em;overflow-x:auto;font-size:.85em}
.note{background:#fff4d6;padding:.5em 1em;border-left:4px solid #e69f00}
.claims td{white-space:normal;text-align:left;vertical-align:top}
dl{display:grid;grid-template-columns:max-content auto;gap:.2em 1em}dt{font-weight:600}dd{margin:0;word-break:break-all}
</style>
</head>
<body>
<h1>{{.Report.Scenario}}</h1>
<p>{{.Description}}</p>
{{if .Note}}<p class="note">{{.Note}}</p>{{end}}
<h2>Provenance</h2>
<dl>
<dt>model</dt><dd>{{.Model}}</dd>
<dt>schedsim</dt><dd>{{.Version}}</dd>
<dt>seed</dt><dd>{{.Seed}}</dd>
<dt>engine</dt><dd>{{.Engine}}</dd>
<dt>replications</dt><dd>{{.Replications}}</dd>
<dt>points</dt><dd>{{len .Points}}</dd>
<dt>events</dt><dd>{{.Events}}</dd>
<dt>wall time</dt><dd>{{.Wall}}</dd>
<dt>command line</dt><dd><code>{{.CommandLine}}</code></dd>
</dl>
<h2>Results</h2>
{{range .Tables}}<table class="{{.Class}}">
<caption>{{.Caption}}</caption>
<thead><tr>{{range .Head}}<th>{{.}}</th>{{end}}</tr></thead>
<tbody>{{range .Rows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</tbody>
</table>
{{end}}
{{if .Claims.Rows}}<h2>Claims</h2>
<table class="claims">
<thead><tr>{{range .Claims.Head}}<th>{{.}}</th>{{end}}</tr></thead>
<tbody>{{range .Claims.Rows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</tbody>
</table>
<p>{{.Claims.Counts}}</p>
{{end}}
{{if .Figs}}<h2>Figures</h2>
<div class="figs">
{{range .Figs}}<figure id="{{.Name}}">{{.Body}}<figcaption>{{.Title}} — {{range $i, $f := .Links}}{{if $i}}, {{end}}<a href="{{$f}}">{{$f}}</a>{{end}}</figcaption></figure>
{{end}}
</div>{{end}}
{{if .Sched}}<h2>Schedule</h2>
<div class="figs">
{{range .Sched}}<figure id="{{.Name}}">{{.Body}}<figcaption>{{.Title}} — {{range $i, $f := .Links}}{{if $i}}, {{end}}<a href="{{$f}}">{{$f}}</a>{{end}}</figcaption></figure>
{{end}}
</div>{{end}}
<h2>Data files</h2>
<ul>{{range .Files}}<li><a href="{{.}}">{{.}}</a></li>{{end}}</ul>
<h2>Scenario</h2>
<pre>{{.YAML}}</pre>
</body>
</html>
`))
