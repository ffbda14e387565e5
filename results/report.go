package results

import (
	"fmt"
	"io"
	"strings"
)

// Label is the value one sweep axis takes at a scenario point.
type Label struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// PointName returns "key=value key=value" for labels ("" for none).
func PointName(labels []Label) string {
	parts := make([]string, len(labels))
	for i, l := range labels {
		parts[i] = l.Key + "=" + l.Value
	}
	return strings.Join(parts, " ")
}

// Point is the outcome of all replications of one scenario point.
type Point struct {
	Labels    []Label   `json:"labels"`
	Summaries []Summary `json:"metrics"`
	// Replications is the number of replications that finished.
	Replications int `json:"replications"`
	// Notes are the kind's extra tables of replication 0 (see Note),
	// printed by WriteNotes; the data files leave them out.
	Notes []Note `json:"-"`
}

// WriteNotes writes the points' notes (see Note), each under its point's
// name in a sweep, lines at most width characters wide (≤ 0: no limit).
// It writes nothing when no point has a note.
func WriteNotes(w io.Writer, r *Report, width int) error {
	for _, p := range r.Points {
		for _, n := range p.Notes {
			if _, err := io.WriteString(w, "\n"); err != nil {
				return err
			}
			if len(r.Points) > 1 {
				if _, err := fmt.Fprintf(w, "[%s]\n", p.Name()); err != nil {
					return err
				}
			}
			if err := n.WriteTable(w, width); err != nil {
				return err
			}
		}
	}
	return nil
}

// Name returns the point's "key=value …" name.
func (p Point) Name() string { return PointName(p.Labels) }

// Metric returns the summary of the named metric.
func (p Point) Metric(name string) (Summary, bool) {
	for _, s := range p.Summaries {
		if s.Name == name {
			return s, true
		}
	}
	return Summary{}, false
}

// Label returns the value of the named axis at this point.
func (p Point) Label(key string) (string, bool) {
	for _, l := range p.Labels {
		if l.Key == key {
			return l.Value, true
		}
	}
	return "", false
}

// Report is the outcome of a scenario run.
type Report struct {
	Scenario     string  `json:"scenario"`
	Model        string  `json:"model"`
	Seed         uint64  `json:"seed"`
	Engine       string  `json:"engine"`
	Replications int     `json:"replications"`
	Points       []Point `json:"points"`
	// Events is the number of events all replications processed.
	Events uint64 `json:"events"`
	// Wall is the wall-clock duration of the run in seconds. It is left
	// out of every output file, which depend only on the scenario and seed.
	Wall float64 `json:"-"`
	// Interrupted is true when the run was cancelled: the points summarise
	// only the replications that finished.
	Interrupted bool `json:"interrupted"`
	// Requested is the number of replications the run was asked for when
	// it was interrupted (Replications is then the number kept); 0
	// otherwise.
	Requested int `json:"requested_replications,omitempty"`
	// AxisLabels are the sweep axes' labels for plots and tables (the
	// scenario's `label:`), by axis key.
	AxisLabels map[string]string `json:"axis_labels,omitempty"`
	// Metrics declares the metrics of the points (unit, description), in
	// the order the points report them.
	Metrics []MetricInfo `json:"metrics_info,omitempty"`
	// PopulationCI is true when the replications replayed bootstrap
	// workloads of a trace (replicate: {method: bootstrap}): every summary
	// then also has a population interval (Summary.PopulationHalfWidth),
	// which the text tables, summary.csv and summary.json show beside the
	// replication CI.
	PopulationCI bool `json:"population_ci,omitempty"`
	// Headline are the metrics the compact table shows by default (the
	// kind's; empty: see HeadlineMetrics).
	Headline []string `json:"-"`
}

// Info returns the declaration of the named metric: its name alone when
// the report has none.
func (r *Report) Info(name string) MetricInfo {
	for _, m := range r.Metrics {
		if m.Name == name {
			return m
		}
	}
	return MetricInfo{Name: name}
}

// InterruptedNote says what an interrupted report holds, for the marks in
// its files; "" when the run was not interrupted.
func (r *Report) InterruptedNote() string {
	if !r.Interrupted {
		return ""
	}
	return fmt.Sprintf("interrupted: kept %d of %d replications of every point", r.Replications, r.Requested)
}
