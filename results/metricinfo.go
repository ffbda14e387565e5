package results

// MetricInfo describes one metric a kind reports: its name (the key used in
// tables, CSV and JSON), its unit ("s", "processors", "fraction", "%",
// "count", "cost units", "model time units" …; "" for a pure number) and a
// one-line description. Kinds declare theirs in their Params; tables, data
// files, plot axes and the docs take units and descriptions from there.
type MetricInfo struct {
	Name        string `json:"name"`
	Unit        string `json:"unit"`
	Description string `json:"description"`
}

// Label is the axis title of the metric: "description (unit)", or the
// description alone for a unitless number, or the name when there is no
// description.
func (m MetricInfo) Label() string {
	d := m.Description
	if d == "" {
		d = m.Name
	}
	if m.Unit == "" {
		return d
	}
	return d + " (" + m.Unit + ")"
}
