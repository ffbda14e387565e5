package results

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"strconv"
	"testing"
)

// summary.json's rows are summary.csv's, field for field: the same
// columns in the same order, numbers equal to the bit, null for an empty
// cell, axis values typed (int, float, bool, text), whatever the sweep.
func TestSummaryCSVEqualsJSON(t *testing.T) {
	r := pivotReport()
	for i := range r.Points {
		r.Points[i].Labels = append(r.Points[i].Labels, Label{"kill", strconv.FormatBool(i%2 == 0)}, Label{"load", strconv.FormatFloat(0.25*float64(i+1), 'g', -1, 64)})
	}
	r.Interrupted, r.Requested = true, 10
	for _, rep := range []*Report{r, testReport(), {Scenario: "empty", Replications: 1}} {
		var c, j bytes.Buffer
		if err := WriteCSV(&c, rep); err != nil {
			t.Fatal(err)
		}
		if err := WriteJSON(&j, rep); err != nil {
			t.Fatal(err)
		}
		recs, err := csv.NewReader(&c).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		var js struct {
			Axes    []Axis           `json:"axes"`
			Columns []string         `json:"columns"`
			Rows    []map[string]any `json:"rows"`
		}
		dec := json.NewDecoder(&j)
		dec.UseNumber()
		if err := dec.Decode(&js); err != nil {
			t.Fatal(err)
		}
		if js.Axes == nil || js.Columns == nil || js.Rows == nil {
			t.Errorf("%s: null where an empty list belongs: %s", rep.Scenario, j.String())
		}
		if len(recs)-1 != len(js.Rows) || len(recs[0]) != len(js.Columns) {
			t.Fatalf("%s: %d CSV rows × %d columns, %d JSON rows × %d", rep.Scenario, len(recs)-1, len(recs[0]), len(js.Rows), len(js.Columns))
		}
		types := map[string]string{}
		for _, a := range js.Axes {
			types[a.Column] = a.Type
		}
		for i, col := range recs[0] {
			if js.Columns[i] != col {
				t.Fatalf("%s: column %d is %s in the CSV, %s in the JSON", rep.Scenario, i, col, js.Columns[i])
			}
			for k, row := range js.Rows {
				cell, v := recs[k+1][i], row[col]
				if !sameCell(cell, v, types[col]) {
					t.Errorf("%s: row %d column %s: CSV %q, JSON %#v", rep.Scenario, k, col, cell, v)
				}
			}
		}
	}
}

// sameCell reports whether a CSV cell and a JSON value say the same.
func sameCell(cell string, v any, axisType string) bool {
	switch x := v.(type) {
	case nil:
		return cell == ""
	case bool:
		return cell == strconv.FormatBool(x)
	case string:
		return axisType != "int" && axisType != "float" && axisType != "bool" && cell == x
	case json.Number:
		if axisType == "bool" || axisType == "string" {
			return false
		}
		a, err1 := strconv.ParseFloat(cell, 64)
		b, err2 := strconv.ParseFloat(string(x), 64)
		return err1 == nil && err2 == nil && math.Float64bits(a) == math.Float64bits(b)
	}
	return false
}
