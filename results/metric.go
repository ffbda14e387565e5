package results

// Metric is one named number measured in one replication, such as the mean
// response time of the jobs it completed.
type Metric struct {
	Name  string  `json:"name"`
	Value float64 `json:"value"`
}

// Metrics is the ordered list of metrics of one replication. Every
// replication of a scenario point returns the same names in the same order.
type Metrics []Metric

// Add appends a metric and returns the extended list.
func (m Metrics) Add(name string, value float64) Metrics {
	return append(m, Metric{Name: name, Value: value})
}

// Get returns the value of the named metric and whether it is present.
func (m Metrics) Get(name string) (float64, bool) {
	for _, x := range m {
		if x.Name == name {
			return x.Value, true
		}
	}
	return 0, false
}
